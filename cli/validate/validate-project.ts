import { ERRORS, formatProblems, type Problem, plural, type SiteError, siteError } from '../../lib/errors.ts'
import { type Content, RELEASE_ONLY, readContent, withoutDrafts } from '../../model/content/load.ts'
import { PLACEHOLDER } from '../../model/content/placeholder.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { elapsed } from '../timing.ts'

/** Everything `site validate`, the build's first stage and `site dev` know about a project's content. */
export interface ProjectValidation {
  /** Content files read. */
  files: number
  /** What stops a build, each at file:line:col; `--release` adds what must not go live. */
  problems: Problem[]
  /** What a draft may still have (placeholders): reported, no reason to stop. */
  warnings: Problem[]
  /** Slugs of the draft products. */
  drafts: string[]
  /** The content with its drafts (site dev shows them), when there are no problems. */
  content?: Content
  /** The content a build publishes, drafts left out, when there are no problems. */
  published?: Content
  /** Which of `problems` are release problems (only with `release`). */
  releaseProblems: number
  /** With `schemas`: set when the published editor schemas are behind the content, with what to run. */
  schemasNote?: string | undefined
  ms: number
}

/**
 * Checks a project the way a build would refuse it: every content file against its schema and the
 * others (model/content), then what only building would find (images that do not decode or are too
 * small, brochure PDFs missing at the storage base), and with `release` what must not go live. One
 * function for `site validate`, the build's validate stage, `site verify --release` and the dev
 * preview, so what one passes the others pass; one pass, in which each content file is read once and
 * every later check works from that reading (`report.sources`).
 */
export async function validateProject(
  paths: ProjectPaths,
  /** `schemas`: also compare the editor schemas with the content (for the commands that print it). */
  options: {
    release?: boolean
    /** The four origins a release is judged by: the environment, or a built site's own settings. */
    env?: NodeJS.ProcessEnv
    envSource?: 'environment' | 'built site'
    schemas?: boolean
  } = {},
): Promise<ProjectValidation> {
  const start = performance.now()
  const [{ assetProblems }, { staleSchemas }] = await Promise.all([
    import('./asset-checks.ts'),
    import('../schemas/publish.ts'),
  ])
  const report = await readContent(paths.content, paths.root)
  const problems = [...report.problems]
  const warnings = [...report.warnings]
  if (report.content) {
    const assets = await assetProblems(report.content, paths, report.sources)
    problems.push(...assets.problems)
    warnings.push(...assets.warnings)
  }
  let releaseProblems = 0
  if (options.release && report.content && !problems.length) {
    const { releaseProblemList } = await import('../release/check.ts')
    const found = await releaseProblemList(
      withoutDrafts(report.content),
      paths,
      report.sources,
      options.env,
      options.envSource,
    )
    // What is a warning for a local build stops a release.
    const refused = warnings.filter((w) => RELEASE_ONLY.has(w.code))
    releaseProblems = found.length + refused.length
    problems.push(...found, ...refused)
    warnings.splice(0, warnings.length, ...warnings.filter((w) => !RELEASE_ONLY.has(w.code)))
  }
  const stale = options.schemas
    ? await staleSchemas(
        paths,
        report.content?.brochures.map((b) => b.id),
      )
    : []
  const ok = !problems.length && report.content
  return {
    files: report.files,
    problems,
    warnings,
    drafts: report.drafts,
    ...(ok ? { content: report.content, published: withoutDrafts(report.content as Content) } : {}),
    releaseProblems,
    schemasNote: stale.length
      ? `Editor completions in content/schemas/ (${stale.join(', ')}) are behind the content; run \`site schemas\` to bring them up to date.`
      : undefined,
    ms: elapsed(start),
  }
}

/**
 * The error that stops a command on `result`'s problems, with one count for all of them. `next` is
 * what to do once they are fixed (e.g. "run `site build` again").
 */
export function validationError(
  result: ProjectValidation,
  next: string,
  outcome = '',
): SiteError | undefined {
  if (!result.problems.length) return undefined
  const count = result.problems.length
  const params = { count, next, ...(outcome ? { outcome } : {}) }
  return result.releaseProblems === count
    ? siteError(ERRORS.ReleaseRefused, params, result.problems)
    : siteError(ERRORS.ContentInvalid, params, result.problems)
}

/**
 * What validate says about warnings: a draft's placeholders as one line per file (how many are left,
 * and where the first is; the editor searches the file for TODO), everything else in full.
 */
export function warningLines(warnings: readonly Problem[]): string[] {
  const placeholders = new Map<string, Problem[]>()
  const others: Problem[] = []
  for (const w of warnings)
    if (w.code === 'placeholder') placeholders.set(w.file, [...(placeholders.get(w.file) ?? []), w])
    else others.push(w)
  const lines = [...placeholders].map(
    ([file, found]) =>
      `${file}: a draft with ${plural(found.length, 'placeholder')} left (search it for ${PLACEHOLDER}; the first is on line ${found[0]?.line}).`,
  )
  if (others.length) lines.push(formatProblems(others, 'warning'))
  return lines
}
