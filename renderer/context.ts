import { readFile } from 'node:fs/promises'
import { SiteError } from '../lib/errors.ts'
import { loadOnce } from '../lib/load-once.ts'
import { type BuildConfig, buildConfig } from './config.ts'
import { type Content, loadContent } from './content/load.ts'
import { type ManifestEntry, manifestFile } from './images.ts'
import { projectPaths } from './paths.ts'

/** Everything a page's `+data` needs: the content, the build config and the image manifest. */
export interface RenderContext {
  content: Content
  config: BuildConfig
  images: Record<string, ManifestEntry>
}

let cached = loadOnce(load)

/** Loads the render context once per process (a pre-render of every page reads content once). */
export function renderContext(): Promise<RenderContext> {
  return cached()
}

/** Forgets the cached context (the dev server calls this when content or images change). */
export function resetRenderContext(): void {
  cached = loadOnce(load)
}

async function load(): Promise<RenderContext> {
  const paths = projectPaths(process.env.SITE_ROOT || undefined)
  const content = await loadContent(paths.content)
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
