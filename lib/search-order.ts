/**
 * How many results the search dialog shows, and so how many `site verify` looks through for a
 * product's own page.
 */
export const SHOWN_RESULTS = 8

/**
 * The Pagefind filter that holds each indexed page's title in plain words (cli/search/annotate.ts):
 * searching it for the query finds the page named exactly as typed, wherever Pagefind ranks it.
 */
export const EXACT_TITLE_FILTER = 'title'

/** A title or a query as a visitor means it: case, accents and spacing aside. */
export function plainWords(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** What the site needs of Pagefind's script, in the browser and in Node alike. */
export interface PagefindSearch<R extends { id: string }> {
  search(
    term: string | null,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: R[] } | null | undefined>
}

/**
 * Pagefind's results for `term`, except that a page titled exactly as the query comes first. Pagefind
 * matches a query's last word as a prefix and prefers short pages, so among a thousand products
 * "SZephyr 1" ranked 30th behind "SZephyr 11" and its kin; a visitor who types a product's whole name
 * means that product. The exact page is found by the title filter, so it leads however far down
 * Pagefind would have put it. Browser-safe: the search dialog and `site verify` both search with it.
 */
export async function searchExactFirst<R extends { id: string }>(
  pagefind: PagefindSearch<R>,
  term: string,
): Promise<R[]> {
  const [found, exact] = await Promise.all([
    pagefind.search(term),
    plainWords(term)
      ? pagefind.search(null, { filters: { [EXACT_TITLE_FILTER]: plainWords(term) } })
      : undefined,
  ])
  const seen = new Set<string>()
  return [...(exact?.results ?? []), ...(found?.results ?? [])].filter((r) => {
    if (seen.has(r.id)) return false
    seen.add(r.id)
    return true
  })
}
