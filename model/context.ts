import { readFile } from 'node:fs/promises'
import { ERRORS, siteError } from '../lib/errors.ts'
import { loadOnce } from '../lib/load-once.ts'
import { type BuildConfig, buildConfig } from './config.ts'
import { type Content, clearContentCache, loadContent } from './content/load.ts'
import { type ManifestEntry, manifestFile } from './images.ts'
import { projectPaths } from './paths.ts'
import { processState } from './process-state.ts'

/** Everything a page's `+data` needs: the content, the build config and the image manifest. */
export interface RenderContext {
  content: Content
  config: BuildConfig
  images: Record<string, ManifestEntry>
}

/** Which project pages render, and whether draft products show (only `site dev` shows them). */
export interface RenderSource {
  root: string
  drafts: boolean
}

/**
 * One per process, shared by every copy of this module (the CLI's, Vite config's, Vite SSR's, the
 * pre-render bundle's in dist/server, whose own location no longer names the project).
 */
const state = processState('render-context', () => ({
  cached: loadOnce(load),
  source: undefined as RenderSource | undefined,
}))

/**
 * Points the render context at a project (the CLI calls this before a build or the dev server) and
 * forgets what it had. Without it (or with undefined), pages render this project's content, drafts
 * left out.
 */
export function renderFrom(source: RenderSource | undefined): void {
  state.source = source
  forgetContent()
}

/** Loads the render context once per process (a pre-render of every page reads content once). */
export function renderContext(): Promise<RenderContext> {
  return state.cached()
}

/** Forgets the cached context (the build calls this before it pre-renders). */
export function resetRenderContext(): void {
  state.cached = loadOnce(load)
}

/**
 * Forgets the content and the context built from it (the dev server calls this on a change). The content
 * goes first: a page asking between the two would otherwise rebuild its context from the old content.
 */
export function forgetContent(): void {
  clearContentCache()
  resetRenderContext()
}

async function load(): Promise<RenderContext> {
  const paths = projectPaths(state.source?.root)
  const content = await loadContent(paths.content, { drafts: state.source?.drafts ?? false })
  const images = await readFile(manifestFile(paths), 'utf8').then(
    (t) => JSON.parse(t) as Record<string, ManifestEntry>,
    () => {
      throw siteError(ERRORS.ImagesMissing, undefined)
    },
  )
  return { content, config: buildConfig(content.site), images }
}
