import { readFileSync } from 'node:fs'
import path from 'node:path'
import { htmlFilesFor } from '../../lib/pages.ts'
import type { RenderContext } from '../../model/context.ts'
import { isFileSync } from '../files.ts'
import { openAnnotationCache } from './annotation-cache.ts'
import { type IndexSummary, writePagesIndex } from './build-index.ts'
import { searchPages } from './pages.ts'

/**
 * Where the pages of a build that renders only part of the site come from before it has finished:
 * the pages it takes over are the last build's files, the same bytes it will link into the staging
 * folder (cli/build/build-cache.ts), so they are indexed while the rest are rendered.
 */
export interface PageSources {
  /** The last build's site. */
  previous: string
  /** Whether the build takes this route's page over from `previous` rather than rendering it. */
  takenOver: (route: string) => boolean
  /** Settles once the pages this build renders are final in the staging folder; rejects when the pre-render stopped. */
  written: Promise<void>
  /** Settles once every page is in the staging folder, taken over or rendered; rejects when the pre-render stopped. */
  rendered: Promise<void>
}

/**
 * The build's search stage: indexes the pre-rendered pages of `client` that {@link searchPages} names
 * and writes the index to `client/pagefind/`. A page the content names but the pre-render did not
 * write is our bug, and says so.
 *
 * With `sources`, it may start before the pre-render has finished: Pagefind takes the pages in a fixed
 * order (the index depends on it), so it indexes pages taken over from the last build until it comes
 * to one this build renders, waits there for the pre-render to have written its pages (not for it to
 * have linked the rest), and writes the index only once every page is in place.
 */
export async function buildSiteIndex(
  client: string,
  ctx: Pick<RenderContext, 'content' | 'images' | 'config'>,
  /** Where the pages marked up by earlier builds are kept, and for which version of the tool. */
  cache?: { dir: string; toolKey: string },
  sources?: PageSources,
): Promise<IndexSummary> {
  const folderOf = async (route: string) => {
    if (!sources) return client
    if (sources.takenOver(route)) return sources.previous
    await sources.written
    return client
  }
  const pages = searchPages(ctx).map((page) => ({
    page,
    // Read when its turn comes, synchronously as every stage reads the pages (cli/build/cdn-files.ts,
    // listPages): a thousand pages held at once would be the stage's largest cost.
    html: async () => {
      const folder = await folderOf(page.route)
      const file = htmlFilesFor(page.route)
        .map((name) => path.join(folder, name))
        .find(isFileSync)
      if (!file) throw new Error(`${page.route} was not pre-rendered, so it cannot be indexed`)
      return readFileSync(file, 'utf8')
    },
  }))
  const marked = cache ? await openAnnotationCache(cache.dir, cache.toolKey) : undefined
  const index = await writePagesIndex(
    client,
    pages,
    marked ? (html, page) => marked.annotate(html, page) : undefined,
    sources?.rendered,
  )
  await marked?.save()
  return index
}
