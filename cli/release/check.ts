import { formatProblems, type Problem, plural, SiteError } from '../../lib/errors.ts'
import { buildConfig } from '../../renderer/config.ts'
import type { Content } from '../../renderer/content/load.ts'
import type { ProjectPaths } from '../../renderer/paths.ts'
import { badgeProblems } from './badges.ts'
import { exampleProblems } from './examples.ts'
import { originProblems, type SettingProblem, settingHint } from './origins.ts'
import { placeholderBrochures } from './placeholder-brochures.ts'

/** What stands between the content and a public release. */
export interface ReleaseReport {
  /** Example values, compliance badges without evidence, stand-in brochures: each at file:line:col. */
  problems: Problem[]
  /** Local, example or plain-http origins, by setting. */
  settings: SettingProblem[]
}

/**
 * The release checks (../shared/spec/DECISIONS.md, "Release mode"): no example values, evidence for
 * every compliance badge, public https origins, the company's own brochures. Only `--release` runs
 * them; local builds, `npm start` and the tests keep the embedded defaults and stand-ins.
 */
export async function releaseCheck(
  content: Content,
  paths: ProjectPaths,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ReleaseReport> {
  const [examples, badges, brochures] = await Promise.all([
    exampleProblems(paths.content, paths.root),
    badgeProblems(content, paths.root),
    placeholderBrochures(content.brochures, {
      storageBase: buildConfig(content.site, env).storageBase,
      publicDir: paths.public,
      projectRoot: paths.root,
    }),
  ])
  const problems = [...examples, ...badges].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col,
  )
  return { problems: [...problems, ...brochures], settings: originProblems(content.site, env) }
}

/** The report as people read it: settings first (one change fixes a whole build), then each value. */
export function formatRelease(report: ReleaseReport): string {
  const lines: string[] = []
  for (const s of report.settings) {
    lines.push(
      `${s.variable}  (${s.source === 'environment' ? 'environment' : `content/site.yaml ${s.key}`})`,
    )
    lines.push(`  ${s.message}`)
    lines.push(`  Fix: ${settingHint(s)}`)
  }
  if (report.problems.length) lines.push(formatProblems(report.problems))
  return lines.join('\n')
}

/** The error that stops a release, or undefined when nothing stands in the way. */
export function releaseError(report: ReleaseReport, outcome: string): SiteError | undefined {
  const count = report.problems.length + report.settings.length
  if (!count) return undefined
  console.error(formatRelease(report))
  return new SiteError(
    'release-refused',
    `Not ready for release: ${plural(count, 'problem')}. ${outcome}`,
    'supply the values listed above (docs/releasing.md walks through each kind), or build without --release for a local preview.',
  )
}
