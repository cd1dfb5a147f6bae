/**
 * Turns for sharp's work whose failure an editor is told about. libvips keeps its error text in one
 * buffer for the whole process: an operation failing on another thread clears it before sharp reads
 * it (the reason comes back empty) or puts its own line there. Side by side, a PNG whose own reason is
 * empty was given an SVG's XML error, and of 400 encodes of a truncated PNG and a truncated JPEG 20 at
 * a time, half came back with the other's words or both. So every decode and encode of a source runs
 * `besideOthers`, and one that failed runs again `alone`, whose reason is the file's own.
 *
 * Only a broken file's second try waits, and makes others wait: a build of good images never does.
 * Never call `alone` from work running `besideOthers`: it would wait for itself.
 */

/** Work running now, work waiting to run alone, and who waits for the running work to end. */
let running = 0
let waitingAlone = 0
let aloneTurns: Promise<unknown> = Promise.resolve()
const whenNoneRun: (() => void)[] = []

/** Runs `work` beside any other, once nothing is waiting to run alone. */
export async function besideOthers<T>(work: () => Promise<T>): Promise<T> {
  while (waitingAlone > 0) await aloneTurns
  running++
  try {
    return await work()
  } finally {
    running--
    if (running === 0) for (const resolve of whenNoneRun.splice(0)) resolve()
  }
}

/** Runs `work` with nothing else running: after what runs now has ended, before what starts later, one at a time. */
export function alone<T>(work: () => Promise<T>): Promise<T> {
  waitingAlone++
  const turn = aloneTurns
    .then(async () => {
      while (running > 0) await new Promise<void>((resolve) => whenNoneRun.push(resolve))
      return work()
    })
    .finally(() => {
      waitingAlone--
    })
  aloneTurns = turn.catch(() => undefined)
  return turn
}
