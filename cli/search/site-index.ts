import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { htmlFilesFor } from '../../lib/pages.ts'
import type { RenderContext } from '../../model/context.ts'
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
  const index = await indexPages(pages)
  await writeIndex(client, index.files)
  return index
}
