import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readJson } from '../cache-file.ts'
import { sha256 } from '../hash.ts'
import { annotate } from './annotate.ts'
import type { SearchPage } from './pages.ts'

/** What marking up one page for the indexer gave: the HTML Pagefind reads, and its text. */
type Annotated = ReturnType<typeof annotate>

/**
 * The pages marked up for the indexer by earlier builds, by the page's HTML and what the index is told
 * about it: parsing every page again was most of the search stage's time at a thousand products. One
 * file per page (`.cache/build/search/<tool>/<page>.json`), read when the page's turn comes: held all
 * at once, a thousand pages' markup (read, kept and written again as one JSON) added ~130 MB to the
 * build's peak memory. Made for one version of the tool (`toolKey`): another starts afresh. Saving
 * removes the pages this build did not use and the folders of other versions.
 */
export async function openAnnotationCache(cacheDir: string, toolKey: string) {
  const root = path.join(cacheDir, 'search')
  const tool = sha256(toolKey).slice(0, 16)
  const dir = path.join(root, tool)
  await mkdir(dir, { recursive: true }).catch(() => undefined)
  const used = new Set<string>()
  return {
    /** {@link annotate}, or what it gave for the same page before. */
    async annotate(html: string, page: SearchPage): Promise<Annotated> {
      const key = markUpKey(page, html)
      used.add(key)
      const file = path.join(dir, `${key}.json`)
      // Not marked up before, or a file a stopped build left half written: marked up again.
      const found = readJson(file) as Partial<Annotated> | undefined
      if (typeof found?.html === 'string' && typeof found.text === 'string')
        return { html: found.html, text: found.text }
      const marked = annotate(html, page)
      // A cache that cannot be written costs only time.
      await writeFile(`${file}.tmp`, JSON.stringify(marked))
        .then(() => rename(`${file}.tmp`, file))
        .catch(() => undefined)
      return marked
    },
    /** Keeps this build's pages for the next one and removes the rest. */
    async save(): Promise<void> {
      const names = await readdir(dir).catch(() => [] as string[])
      await Promise.all(
        names
          .filter((name) => !used.has(name.replace(/\.json$/, '')))
          .map((name) => rm(path.join(dir, name), { force: true })),
      )
      for (const other of await readdir(root).catch(() => [] as string[]))
        if (other !== tool) await rm(path.join(root, other), { recursive: true, force: true })
      // The one-file cache of earlier versions.
      await rm(path.join(cacheDir, 'search.json'), { force: true })
    },
  }
}

/** The name a page's mark-up is kept under: what the index is told about it, and its HTML. */
export function markUpKey(page: SearchPage, html: string): string {
  return sha256(JSON.stringify(page), html)
}
