import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { buildConfig } from '../../model/config.ts'
import type { Content, ContentSources } from '../../model/content/load.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { badgeProblems } from './badges.ts'
import { exampleProblems } from './examples.ts'
import { insecureUrlProblems } from './insecure-urls.ts'
import { originProblems, type SettingProblem } from './origins.ts'
import { placeholderBrochures } from './placeholder-brochures.ts'

/** What stands between the content and a public release. */
export interface ReleaseReport {
  /**
   * Example values, compliance badges without real evidence, plain http addresses, stand-in
   * brochures: each at file:line:col.
   */
  problems: Problem[]
  /** Local, example or plain-http origins, by setting. */
  settings: SettingProblem[]
}

/**
 * The release checks (../shared/spec/DECISIONS.md, "Release mode"): no example values, evidence for
 * every compliance badge, https everywhere, public origins, the company's own brochures. Only
 * `--release` runs them; local builds, `npm start` and the tests keep the embedded defaults and
 * stand-ins. They read the content files validate read (`sources`), never again; a draft's file is
 * left out, as the build leaves the draft out. `env` holds the four origins (the environment for a
 * build; the built site's own settings for `site verify --release`).
 */
export async function releaseCheck(
  content: Content,
  paths: ProjectPaths,
  sources: ContentSources,
  env: NodeJS.ProcessEnv = process.env,
  envSource: 'environment' | 'built site' = 'environment',
): Promise<ReleaseReport> {
  const published = sources.published
  const brochures = await placeholderBrochures(content.brochures, {
    storageBase: buildConfig(content.site, env).storageBase,
    publicDir: paths.public,
    projectRoot: paths.root,
  })
  const problems = [
    ...exampleProblems(published),
    ...badgeProblems(content, sources, paths.root),
    ...insecureUrlProblems(published),
  ].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)
  return { problems: [...problems, ...brochures], settings: originProblems(content.site, env, envSource) }
}

/**
 * The release's problems as one list, as every command counts and prints them: the settings first
 * (one change fixes a whole build), located at their key in content/site.yaml or named as the
 * environment variable that set them, then each value in the content.
 */
export async function releaseProblemList(
  content: Content,
  paths: ProjectPaths,
  sources: ContentSources,
  env: NodeJS.ProcessEnv = process.env,
  envSource: 'environment' | 'built site' = 'environment',
): Promise<Problem[]> {
  const report = await releaseCheck(content, paths, sources, env, envSource)
  const siteFile = path.relative(paths.root, path.join(paths.content, 'site.yaml')).split(path.sep).join('/')
  const settings = report.settings.map((s): Problem => {
    const at =
      s.source === 'content/site.yaml'
        ? { file: siteFile, ...sources.locate(siteFile, `/${s.key}`) }
        : { file: s.source, line: 0, col: 0 }
    return problemAt(PROBLEMS.ReleaseOrigin, s, { ...at, path: `/${s.key}` })
  })
  return [...settings, ...report.problems]
}
