import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { annotate } from './annotate.ts'
import type { SearchPage } from './pages.ts'

/** What marking up one page for the indexer gave: the HTML Pagefind reads, and its text. */
type Annotated = ReturnType<typeof annotate>

/**
 * The pages marked up for the indexer by earlier builds (`.cache/build/search.json`), by the page's
 * HTML and what the index is told about it: parsing every page again was most of the search stage's
 * time at a thousand products. Made for one version of the tool (`toolKey`): another starts afresh.
 * Only this build's pages are kept when it saves.
 */
export async function openAnnotationCache(cacheDir: string, toolKey: string) {
  const file = path.join(cacheDir, 'search.json')
  const saved = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as { toolKey: string; pages: Record<string, Annotated> },
    () => undefined,
  )
  const known = saved?.toolKey === toolKey ? saved.pages : {}
  const used: Record<string, Annotated> = {}
  return {
    /** {@link annotate}, or what it gave for the same page before. */
    annotate(html: string, page: SearchPage): Annotated {
      const key = createHash('sha256').update(JSON.stringify(page)).update('\0').update(html).digest('hex')
      const found = known[key] ?? annotate(html, page)
      used[key] = found
      return found
    },
    /** Keeps this build's pages for the next one; a cache that cannot be written costs only time. */
    async save(): Promise<void> {
      await mkdir(cacheDir, { recursive: true })
      await writeFile(`${file}.tmp`, JSON.stringify({ toolKey, pages: used }))
        .then(() => rename(`${file}.tmp`, file))
        .catch(() => undefined)
    },
  }
}
