import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { htmlFilesFor } from '../../lib/pages.ts'
import type { RenderContext } from '../../model/context.ts'
import { openAnnotationCache } from './annotation-cache.ts'
import { indexPages, type SearchIndex, writeIndex } from './build-index.ts'
import { searchPages } from './pages.ts'

/**
 * The build's search stage: indexes the pre-rendered pages of `client` that {@link searchPages} names
 * and writes the index to `client/pagefind/`. A page the content names but the pre-render did not
 * write is our bug, and says so.
 */
export async function buildSiteIndex(
  client: string,
  ctx: Pick<RenderContext, 'content' | 'images' | 'config'>,
  /** Where the pages marked up by earlier builds are kept, and for which version of the tool. */
  cache?: { dir: string; toolKey: string },
): Promise<SearchIndex> {
  const pages = await Promise.all(
    searchPages(ctx).map(async (page) => {
      for (const file of htmlFilesFor(page.route)) {
        const where = path.join(client, file)
        if ((await stat(where).catch(() => undefined))?.isFile())
          // Read when its turn comes: a thousand pages held at once would be the stage's largest cost.
          return { page, html: () => readFile(where, 'utf8') }
      }
      throw new Error(`${page.route} was not pre-rendered, so it cannot be indexed`)
    }),
  )
  const marked = cache ? await openAnnotationCache(cache.dir, cache.toolKey) : undefined
  const index = await indexPages(pages, marked ? (html, page) => marked.annotate(html, page) : undefined)
  await writeIndex(client, index.files)
  await marked?.save()
  return index
}
