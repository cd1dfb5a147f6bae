import path from 'node:path'
import { ERRORS, isSiteError, restated, siteError } from '../../lib/errors.ts'
import { buildConfig, envMistakes } from '../../model/config.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { duration, elapsed } from '../timing.ts'
import { pagesStamp, writeState } from './build-cache.ts'
import { writeBuildInfo } from './build-info.ts'
import { runStages, type Stage, type StageResult } from './run-stages.ts'
import { BUILD_STAGES, type BuildOptions, type BuildRun } from './stages.ts'
import { createStaging, discardStaging, lastBuildNote, promoteStaging } from './staging.ts'

export interface BuildResult {
  stages: StageResult[]
  run: BuildRun
  ms: number
}

/**
 * One build, whole or not at all: the stages write into a staging folder inside dist/, which replaces
 * dist/client only when every stage, verify included, has passed. A build that
 * stops, at any stage and for any reason, leaves dist/client exactly as it was and says so; `site serve`
 * meanwhile keeps serving the old site.
 *
 * A failure that is not a SiteError is either a content mistake that slipped past validate (then
 * validate, run again, names it at its file and line) or a bug in the tool (then it is passed on, and
 * printed with its stack).
 */
export async function buildSite(
  paths: ProjectPaths,
  options: BuildOptions,
  stages: readonly Stage<BuildRun>[] = BUILD_STAGES,
  log: (line: string) => void = console.log,
): Promise<BuildResult> {
  // Every page would carry a wrong SITE_URL or base: refuse before anything is built.
  const mistakes = envMistakes()
  if (mistakes.length)
    throw siteError(ERRORS.EnvInvalid, { mistakes, outcome: 'Nothing was built; dist/ is unchanged.' })
  const start = performance.now()
  const trash = path.join(paths.cache, 'discarded')
  const staging = await createStaging(paths.dist, trash)
  const run: BuildRun = { paths, options, staging }
  try {
    const results = await runStages(stages, run, log)
    // The search stage checked its index beside verify: its warnings join verify's, printed after.
    if (run.report && run.searchWarnings) run.report.warnings.push(...run.searchWarnings)
    const content = run.content
    if (!content) throw new Error('the build finished without loading the content')
    const builtAt = new Date().toISOString()
    await writeBuildInfo(staging.root, {
      builtAt,
      release: options.release,
      config: buildConfig(content.site),
    })
    await promoteStaging(staging, paths.dist, trash)
    // The next build takes over what did not change from this one (cli/build/build-cache.ts).
    if (run.plan) {
      const { toolKey, bundleKey, routes } = run.plan
      const pages = pagesStamp(paths.client, Object.keys(routes))
      await writeState(paths, { builtAt, toolKey, bundleKey, routes, pages }).catch(() => undefined)
    }
    return { stages: results, run, ms: elapsed(start) }
  } catch (error) {
    await discardStaging(staging)
    const kept = await lastBuildNote(paths.dist)
    throw await explain(error, paths, kept, elapsed(start))
  }
}

/**
 * The error a stopped build reports: a SiteError gains what happened to dist/; anything else is asked
 * of validate first, since a content mistake can surface deep in Vike, Rolldown or sharp, and only
 * when validate finds nothing is it reported as a bug in the tool.
 */
async function explain(error: unknown, paths: ProjectPaths, kept: string, ms: number): Promise<unknown> {
  if (isSiteError(error)) return restated(error, `${error.message} ${kept}`)
  const { validateProject } = await import('../validate/validate-project.ts')
  const found = await validateProject(paths).catch(() => undefined)
  if (found?.problems.length)
    return siteError(
      ERRORS.ContentStoppedBuild,
      { after: duration(ms), cause: String((error as Error).message ?? error).split('\n')[0] ?? '', kept },
      found.problems,
    )
  if (error instanceof Error) error.message = `${error.message}\n(${kept})`
  return error
}
