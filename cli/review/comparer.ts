import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { compareShots, type Difference } from './diff.ts'

/** Two shots to compare, as sent to the comparing process. */
export interface Job {
  id: number
  baseline: { png: Uint8Array; hash: string }
  site: { png: Uint8Array; hash: string }
}

/** Asks the comparing process for the CPU time it used, before it is let go. */
export interface Farewell {
  farewell: true
}

/**
 * What the comparing process answers: the difference, or the message of what went wrong; to a farewell,
 * the CPU time it used in ms (user and system).
 */
export type Reply = { id: number; difference: Difference } | { id: number; error: string } | { cpu: number }

export interface Comparer {
  /** `compareShots` of the two shots, made in the comparing process. */
  compare(baseline: { png: Buffer; hash: string }, site: { png: Buffer; hash: string }): Promise<Difference>
  /** Lets the process go; resolves to the CPU time in ms it used (0 if none ran). */
  close(): Promise<number>
  /** The comparing process's id while one runs (tests). */
  processId(): number | undefined
}

/**
 * glibc's malloc told to back large blocks with huge pages where the kernel allows them (`madvise`),
 * to serve blocks up to 256 MB from its heap and to keep up to 256 MB of freed memory there. A
 * comparison decodes two pictures of up to 55 MB each; with glibc's defaults each is a fresh mapping
 * that the kernel fills with zeroes 4 kB at a time and takes back when it is freed, and that churn cost
 * more than the decoding. 118 real pairs (3 at once): 30.5 CPU-s compared in the review's process,
 * 18.9 in this one (docs/decisions.md). Other C libraries ignore the variable.
 */
const MALLOC_TUNING =
  'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=268435456'

/**
 * The comparing process: the compiled CLI's own copy (cli/compiled-cli.js bundles it beside index.mjs),
 * or, when this code runs from its sources, the TypeScript file through tsx.
 */
function processEntry(): { file: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts'))
    return {
      file: fileURLToPath(new URL('./compare-process.ts', import.meta.url)),
      // tsx's loader by its path: a bare `tsx` would be looked up from wherever the review was started.
      execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
    }
  return { file: fileURLToPath(new URL('./compare-process.mjs', import.meta.url)), execArgv: [] }
}

/** A Buffer over the bytes of `data` (a Buffer sent between processes arrives as a Uint8Array). */
export const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength)

/** What came back, with Buffers again (a Buffer sent between processes arrives as a Uint8Array). */
function received(difference: Difference): Difference {
  const { changed, marks, band } = difference
  if (!marks || !band) return { changed }
  return {
    changed,
    marks: { ...marks, png: asBuffer(marks.png) },
    band: { ...band, baseline: asBuffer(band.baseline), site: asBuffer(band.site) },
  }
}

/**
 * Compares shots in a Node process of its own, started on the first pair whose hashes differ (pairs
 * with equal hashes are equal and answered here). Why a process: the tuning of glibc's malloc above
 * is read when a process starts, and it halves the cost of decoding; the review's own process, which
 * drives the browser, also keeps its thread and its garbage collector to itself.
 */
export function openComparer(): Comparer {
  /** The process, and the comparisons it has yet to answer. */
  type Running = {
    process: ChildProcess
    waiting: Map<number, { resolve: (d: Difference) => void; reject: (e: Error) => void }>
  }
  let child: Running | undefined
  let next = 0
  const start = (): Running => {
    const entry = processEntry()
    const tunables = [process.env.GLIBC_TUNABLES, MALLOC_TUNING].filter(Boolean).join(':')
    const started: Running = {
      process: fork(entry.file, [], {
        execArgv: entry.execArgv,
        env: { ...process.env, GLIBC_TUNABLES: tunables },
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
      waiting: new Map(),
    }
    const fail = (error: Error) => {
      if (child === started) child = undefined
      for (const { reject } of started.waiting.values()) reject(error)
      started.waiting.clear()
    }
    started.process.on('message', (reply: Reply) => {
      if (!('id' in reply)) return
      const job = started.waiting.get(reply.id)
      if (!job) return
      started.waiting.delete(reply.id)
      if ('error' in reply) job.reject(new Error(reply.error))
      else job.resolve(received(reply.difference))
    })
    started.process.on('error', (error) =>
      fail(new Error(`The review could not start its comparing process: ${error.message}`)),
    )
    started.process.on('exit', (code, signal) =>
      fail(new Error(`The review's comparing process stopped (${signal ?? `exit code ${code}`}).`)),
    )
    return started
  }
  return {
    compare(baseline, site) {
      // Equal hashes are equal pixels: nothing to send.
      if (baseline.hash === site.hash) return compareShots(baseline, site)
      child ??= start()
      const running = child
      const id = next++
      const job: Job = { id, baseline, site }
      return new Promise<Difference>((resolve, reject) => {
        running.waiting.set(id, { resolve, reject })
        running.process.send(job, (error) => {
          if (!error || !running.waiting.delete(id)) return
          reject(new Error(`The review could not hand two shots to its comparing process: ${error.message}`))
        })
      })
    },
    processId: () => child?.process.pid,
    async close() {
      const running = child?.process
      child = undefined
      if (!running || running.exitCode !== null || running.signalCode !== null) return 0
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      const farewell: Farewell = { farewell: true }
      const cpu = await new Promise<number>((resolve) => {
        running.on('message', (reply: Reply) => 'cpu' in reply && resolve(reply.cpu))
        running.once('exit', () => resolve(0))
        running.send(farewell, (error) => error && resolve(0))
      })
      if (running.connected) running.disconnect()
      await exited
      return cpu
    },
  }
}
