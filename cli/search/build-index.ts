import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import { annotate } from './annotate.ts'
import type { SearchPage } from './pages.ts'
import { vocabulary } from './words.ts'

/** Where the index is served from; the search dialog imports `${SEARCH_BASE}pagefind.js`. */
export const SEARCH_BASE = '/pagefind/'
/** The spelling-suggestion word list, beside Pagefind's own files. */
export const WORDS_FILE = 'words.json'

/** One file of the built index, relative to {@link SEARCH_BASE}. */
export interface IndexFile {
  path: string
  content: Uint8Array
}

export interface SearchIndex {
  files: IndexFile[]
  pages: number
  /** Distinct words indexed (the suggestion vocabulary). */
  words: number
  bytes: number
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
 * process busy, one at a time took 4.8 s to add the pages.
 */
const ADDS_IN_FLIGHT = 32

/**
 * Indexes pre-rendered pages with Pagefind: each page is annotated ({@link annotate}) and handed to the
 * indexer in memory, under its route as the result URL; a page given as a function is read when its
 * turn comes, so only a few are held at a time. Returns the files to serve under /pagefind/,
 * with the spelling-suggestion vocabulary added.
 */
export async function indexPages(
  pages: readonly { page: SearchPage; html: string | (() => Promise<string>) }[],
  /** How a page is marked up: {@link annotate}, or a cache of it (annotation-cache.ts). */
  markUp: (
    html: string,
    page: SearchPage,
  ) => ReturnType<typeof annotate> | Promise<ReturnType<typeof annotate>> = annotate,
): Promise<SearchIndex> {
  const pagefind = await import('pagefind')
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' })
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`)
    const texts: string[] = []
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
      texts.push(marked.text)
      const added = index.addHTMLFile({ url: page.route, content: marked.html }).then(({ errors }) => {
        if (errors.length) throw new Error(`Pagefind could not index ${page.route}: ${errors.join('; ')}`)
      })
      // Awaited in order below, where a failure is reported.
      added.catch(() => {})
      unanswered.push(added)
      if (unanswered.length >= ADDS_IN_FLIGHT) await unanswered.shift()
    }
    for (const added of unanswered) await added
    const built = await index.getFiles()
    if (built.errors.length) throw new Error(`Pagefind could not write the index: ${built.errors.join('; ')}`)
    const words = vocabulary(texts)
    const files = [
      ...built.files.filter((f) => !UNUSED.test(f.path)),
      { path: WORDS_FILE, content: new TextEncoder().encode(JSON.stringify(words)) },
    ]
    return {
      files,
      pages: pages.length,
      words: words.length,
      bytes: files.reduce((n, f) => n + f.content.length, 0),
    }
  } finally {
    await pagefind.close()
  }
}

/** Index files written at once: a thousand written one after another took 0.7 s at 1,000 products. */
const WRITES_AT_ONCE = 16

/** Replaces `<client>/pagefind/` with the index files. */
export async function writeIndex(client: string, files: IndexFile[]): Promise<void> {
  const dir = path.join(client, SEARCH_BASE)
  await rm(dir, { recursive: true, force: true })
  const folders = new Set(files.map((file) => path.dirname(path.join(dir, file.path))))
  for (const folder of folders) await mkdir(folder, { recursive: true })
  const writing = pLimit(WRITES_AT_ONCE)
  await Promise.all(files.map((file) => writing(() => writeFile(path.join(dir, file.path), file.content))))
}
