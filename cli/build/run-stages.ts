import { isSiteError, restated } from '../../lib/errors.ts'
import { duration, elapsed } from '../timing.ts'

/** One stage of a pipeline: runs on the pipeline's context and says in one line what it did. */
export interface Stage<Context> {
  name: string
  run: (context: Context) => Promise<string>
  /**
   * The stages whose work this one needs, by name; by default the stage listed before it. A stage
   * that needs none of the stages still running starts beside them: the build's search index (a
   * process of its own, Pagefind) is made while the CDN files are written and the pages verified.
   * A function is asked once the stages it named last time are done, and may name more.
   */
  after?: readonly string[] | ((context: Context) => readonly string[])
}

export interface StageResult {
  name: string
  ms: number
  summary: string
}

/**
 * Runs stages, each as soon as the stages it needs have finished (in order, unless a stage says
 * otherwise), printing each as it finishes; stops at the first that fails: no stage starts after it,
 * and those already running are waited for, so nothing still writes when the error comes back. A
 * SiteError comes back naming the stage, so a release manager knows where the build stopped and why;
 * anything else is our bug and is passed on as it is. The results come in the order the stages are
 * listed.
 */
export async function runStages<Context>(
  stages: readonly Stage<Context>[],
  context: Context,
  log: (line: string) => void = console.log,
): Promise<StageResult[]> {
  const names = new Set(stages.map((stage) => stage.name))
  const needs = (stage: Stage<Context>, i: number) => {
    const after =
      typeof stage.after === 'function'
        ? stage.after(context)
        : (stage.after ?? (i > 0 ? [stages[i - 1]?.name as string] : []))
    const unknown = after.filter((name) => !names.has(name))
    if (unknown.length)
      throw new Error(`stage "${stage.name}" waits for no such stage: ${unknown.join(', ')}`)
    return after
  }
  for (const [i, stage] of stages.entries()) if (typeof stage.after !== 'function') needs(stage, i)
  const results = new Map<string, StageResult>()
  const started = new Set<string>()
  const running = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined
  const runOne = async (stage: Stage<Context>) => {
    const start = performance.now()
    try {
      const summary = await stage.run(context)
      const result = { name: stage.name, ms: elapsed(start), summary }
      results.set(stage.name, result)
      log(formatStage(result))
    } catch (error) {
      log(`  ${stage.name.padEnd(11)} failed after ${duration(elapsed(start))}`)
      failure ??= {
        error: isSiteError(error)
          ? restated(error, `The build stopped at "${stage.name}": ${error.message}`)
          : error,
      }
    }
  }
  for (;;) {
    if (!failure)
      for (const [i, stage] of stages.entries()) {
        if (started.has(stage.name) || !needs(stage, i).every((name) => results.has(name))) continue
        started.add(stage.name)
        const done: Promise<void> = runOne(stage).finally(() => running.delete(done))
        running.add(done)
      }
    if (!running.size) break
    await Promise.race(running)
  }
  if (failure) throw failure.error
  const unrun = stages.filter((stage) => !results.has(stage.name)).map((stage) => stage.name)
  if (unrun.length) throw new Error(`stages waiting on each other never ran: ${unrun.join(', ')}`)
  return stages.map((stage) => results.get(stage.name) as StageResult)
}

export function formatStage(r: StageResult): string {
  return `  ${r.name.padEnd(11)} ${r.summary.padEnd(56)} ${duration(r.ms).padStart(8)}`
}
