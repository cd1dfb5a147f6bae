import { loadOnce } from '../../lib/load-once.ts'
import { retryingImport } from '../../lib/retrying-import.ts'
import { type PagefindSearch, SHOWN_RESULTS, searchExactFirst } from '../../lib/search-order.ts'

/** Where the build writes the index (cli/search/build-index.ts). */
const BASE = '/pagefind/'

/** A search result as the dialog shows it. */
export interface Result {
  url: string
  title: string
  category: string
  thumb?: string | undefined
  /** The passage that matched, with `<mark>` around the matching words (Pagefind escapes the rest). */
  excerpt: string
}

interface PagefindData {
  url: string
  excerpt: string
  meta: Record<string, string | undefined>
}

interface Pagefind extends PagefindSearch<{ id: string; data(): Promise<PagefindData> }> {
  options(o: { excerptLength?: number }): Promise<void>
  init(): Promise<void>
}

/**
 * Pagefind's own script, fetched from the static host on first use and kept; it then loads only the
 * index chunks a query needs. The URL is built at run time so the bundler leaves it alone, and a
 * failed fetch is retried under a new URL on the next use (lib/retrying-import.ts).
 */
export const loadPagefind = loadOnce(async () => {
  const url = `${BASE}pagefind.js`
  const pagefind = (await retryingImport(
    () => import(/* @vite-ignore */ url),
    url,
    location.href,
  )) as Pagefind
  await pagefind.options({ excerptLength: 16 })
  await pagefind.init()
  return pagefind
})

/** The first `limit` results for `term`, best first: a page titled exactly `term` leads. */
export async function searchSite(term: string, limit = SHOWN_RESULTS): Promise<Result[]> {
  const found = await searchExactFirst(await loadPagefind(), term)
  const data = await Promise.all(found.slice(0, limit).map((r) => r.data()))
  return data.map((d) => ({
    url: d.url,
    title: d.meta.title ?? d.url,
    category: d.meta.category ?? '',
    thumb: d.meta.thumb,
    excerpt: d.excerpt,
  }))
}

/** The indexed words, for "did you mean" (fetched only when a query finds nothing). */
export const loadWords = loadOnce(async () => {
  const response = await fetch(`${BASE}words.json`)
  if (!response.ok) throw new Error(`words.json: HTTP ${response.status}`)
  return (await response.json()) as string[]
})

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" }

/**
 * Splits an excerpt into text and highlighted parts, so it renders as React text and `<mark>`
 * elements rather than as HTML.
 */
export function excerptParts(excerpt: string): { text: string; mark: boolean }[] {
  const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e] ?? _)
  return excerpt
    .split(/(<mark>.*?<\/mark>)/g)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('<mark>')
        ? { text: decode(part.slice(6, -7)), mark: true }
        : { text: decode(part), mark: false },
    )
}
