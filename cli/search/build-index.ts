import { readdirSync, statSync } from 'node:fs'
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { annotate } from './annotate.ts'
import type { SearchPage } from './pages.ts'
import { wordCounts } from './words.ts'

/** Where the index is served from; the search dialog imports `${SEARCH_BASE}pagefind.js`. */
export const SEARCH_BASE = '/pagefind/'
/** The spelling-suggestion word list, beside Pagefind's own files. */
export const WORDS_FILE = 'words.json'

/** One file of the built index, relative to {@link SEARCH_BASE}. */
export interface IndexFile {
  path: string
  content: Uint8Array
}

/** What a built index holds, apart from its files. */
export interface IndexSummary {
  pages: number
  /** Distinct words indexed (the suggestion vocabulary). */
  words: number
  bytes: number
}

export interface SearchIndex extends IndexSummary {
  files: IndexFile[]
}

/**
 * Pagefind's bundle also carries its ready-made UIs (about 430 KB) and a catch-all language index; the
 * site has its own dialog and one language, so those are not shipped.
 */
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|wasm\.unknown\.pagefind)$/

/** Pages read and marked up ahead of the one handed to Pagefind. */
const PAGES_AHEAD = 4
/**
 * Pages handed to Pagefind and not yet answered. Its service reads its messages in the order they
 * arrive and handles one at a time (pagefind 1.6, `service/mod.rs`), so the index is the same as with
 * one page at a time (`index.test.ts` compares them); what changes is that Pagefind never waits for
 * this process to answer before it gets the next page. At 1,000 products, while verify kept this
 * process busy, one at a time took 4.8 s to add the pages. Many are sent ahead (about 10 MB of pages
 * waiting in the pipe at most): verify and the links of a partial build hold this process for a
 * second at a time, and with 32 sent Pagefind sat idle through most of it; with 512 the pages of a
 * one-edit build at 1,000 products are all sent in 0.6 s and Pagefind works on through (1.0 s sooner).
 */
const ADDS_IN_FLIGHT = 512

/** Pagefind's index of one set of pages, once they are all added. */
type PagefindIndex = NonNullable<Awaited<ReturnType<typeof import('pagefind')['createIndex']>>['index']>

/** How a page is marked up for the indexer: {@link annotate}, or a cache of it (annotation-cache.ts). */
type MarkUp = (
  html: string,
  page: SearchPage,
) => ReturnType<typeof annotate> | Promise<ReturnType<typeof annotate>>

/** Pages to index: each with its HTML, or a function that reads it when its turn comes. */
type Pages = readonly { page: SearchPage; html: string | (() => Promise<string>) }[]

/**
 * Indexes pre-rendered pages with Pagefind: each page is annotated ({@link annotate}) and handed to the
 * indexer in memory, under its route as the result URL; a page given as a function is read when its
 * turn comes, so only a few are held at a time. Returns the files to serve under /pagefind/,
 * with the spelling-suggestion vocabulary added.
 */
export async function indexPages(pages: Pages, markUp: MarkUp = annotate): Promise<SearchIndex> {
  return withIndex(pages, markUp, async (index, words) => {
    const built = await index.getFiles()
    if (built.errors.length) throw new Error(`Pagefind could not write the index: ${built.errors.join('; ')}`)
    const files = [...built.files.filter((f) => !UNUSED.test(f.path)), wordList(words)]
    return {
      files,
      pages: pages.length,
      words: words.length,
      bytes: files.reduce((n, f) => n + f.content.length, 0),
    }
  })
}

/**
 * {@link indexPages}, with the index written to `<client>/pagefind/` (replacing what is there) by
 * Pagefind itself: the same files {@link indexPages} returns, without a thousand files sent to this
 * process as base64 in JSON, decoded and written again. At 1,000 products that was this process's
 * largest part of the search stage, while it was also verifying the pages. `site dev` keeps the
 * files in memory ({@link indexPages}); the build and the tests write them.
 */
export async function writePagesIndex(
  client: string,
  pages: Pages,
  markUp: MarkUp = annotate,
  /** Written only once this settles (the pre-render has finished with the folder). */
  ready?: Promise<unknown>,
): Promise<IndexSummary> {
  return withIndex(pages, markUp, async (index, words) => {
    await ready
    const dir = path.join(client, SEARCH_BASE)
    await rm(dir, { recursive: true, force: true })
    const written = await index.writeFiles({ outputPath: dir })
    if (written.errors.length)
      throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`)
    for (const name of await readdir(dir)) if (UNUSED.test(name)) await rm(path.join(dir, name))
    const list = wordList(words)
    await writeFile(path.join(dir, list.path), list.content)
    // Synchronously, as the build reads its pages (cli/build/cdn-files.ts, listPages).
    const bytes = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((n, entry) => n + statSync(path.join(entry.parentPath, entry.name)).size, 0)
    return { pages: pages.length, words: words.length, bytes }
  })
}

/** The spelling-suggestion vocabulary as a file of the index. */
const wordList = (words: string[]): IndexFile => ({
  path: WORDS_FILE,
  content: new TextEncoder().encode(JSON.stringify(words)),
})

/** Starts Pagefind, adds `pages` in order, lets `finish` take the index and the words, and stops it. */
async function withIndex<T>(
  pages: Pages,
  markUp: MarkUp,
  finish: (index: PagefindIndex, words: string[]) => Promise<T>,
): Promise<T> {
  const pagefind = await import('pagefind')
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' })
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`)
    const words = wordCounts()
    // The next few pages are read and marked up while Pagefind indexes this one: it takes them one
    // at a time and in order (the index depends on the order), so it never waits for a file read.
    const markedUp = (i: number) => {
      const { page, html } = pages[i] as (typeof pages)[number]
      const marked = (async () => markUp(typeof html === 'string' ? html : await html(), page))()
      // Held until its turn, when a failure is reported.
      marked.catch(() => {})
      return marked
    }
    const ahead = pages.slice(0, PAGES_AHEAD).map((_, i) => markedUp(i))
    const unanswered: Promise<void>[] = []
    for (const [i, { page }] of pages.entries()) {
      const marked = await (ahead.shift() as ReturnType<typeof markedUp>)
      if (i + PAGES_AHEAD < pages.length) ahead.push(markedUp(i + PAGES_AHEAD))
      words.add(marked.text)
      const added = index.addHTMLFile({ url: page.route, content: marked.html }).then(({ errors }) => {
        if (errors.length) throw new Error(`Pagefind could not index ${page.route}: ${errors.join('; ')}`)
      })
      // Awaited in order below, where a failure is reported.
      added.catch(() => {})
      unanswered.push(added)
      if (unanswered.length >= ADDS_IN_FLIGHT) await unanswered.shift()
    }
    for (const added of unanswered) await added
    return await finish(index, words.vocabulary())
  } finally {
    await pagefind.close()
  }
}
