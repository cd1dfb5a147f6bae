import { isSiteError, restated } from '../../lib/errors.ts'
import { duration, elapsed } from '../timing.ts'

/** One stage of a pipeline: runs on the pipeline's context and says in one line what it did. */
export interface Stage<Context> {
  name: string
  run: (context: Context) => Promise<string>
}

export interface StageResult {
  name: string
  ms: number
  summary: string
}

/**
 * Runs stages in order, printing each as it finishes; stops at the first that fails. A SiteError comes
 * back naming the stage, so a release manager knows where the build stopped and why; anything else
 * is our bug and is passed on as it is.
 */
export async function runStages<Context>(
  stages: readonly Stage<Context>[],
  context: Context,
  log: (line: string) => void = console.log,
): Promise<StageResult[]> {
  const results: StageResult[] = []
  for (const stage of stages) {
    const start = performance.now()
    try {
      const summary = await stage.run(context)
      const result = { name: stage.name, ms: elapsed(start), summary }
      results.push(result)
      log(formatStage(result))
    } catch (error) {
      log(`  ${stage.name.padEnd(11)} failed after ${duration(elapsed(start))}`)
      if (isSiteError(error)) throw restated(error, `The build stopped at "${stage.name}": ${error.message}`)
      throw error
    }
  }
  return results
}

export function formatStage(r: StageResult): string {
  return `  ${r.name.padEnd(11)} ${r.summary.padEnd(56)} ${duration(r.ms).padStart(8)}`
}
