import { readFile } from 'node:fs/promises'
import { SiteError } from '../lib/errors.ts'
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

/** One per process, shared by every copy of this module (the CLI's, Vite config's, Vite SSR's). */
const state = processState('render-context', () => ({ cached: loadOnce(load) }))

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
  const paths = projectPaths(process.env.SITE_ROOT || undefined)
  // `site dev` sets SITE_DRAFTS=show to preview draft products; a build leaves them out.
  const content = await loadContent(paths.content, { drafts: process.env.SITE_DRAFTS === 'show' })
  const images = await readFile(manifestFile(paths), 'utf8').then(
    (t) => JSON.parse(t) as Record<string, ManifestEntry>,
    () => {
      throw new SiteError(
        'images-missing',
        'The images have not been made yet.',
        'run `site images` (or `site build`).',
      )
    },
  )
  return { content, config: buildConfig(content.site), images }
}
