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
 *
 * With `enough`, the pages titled exactly as the query are the whole answer when there are at least
 * that many, and the ranked search is made only when there are not: `site verify` asks whether each
 * name finds its page first, and the ranked search is most of a query's time (3.5 of 5.3 ms at 1,000
 * products). Without it both searches start at once, as the dialog, which shows several, wants them.
 */
export async function searchExactFirst<R extends { id: string }>(
  pagefind: PagefindSearch<R>,
  term: string,
  enough = Number.POSITIVE_INFINITY,
): Promise<R[]> {
  const exactly = async () =>
    plainWords(term)
      ? ((await pagefind.search(null, { filters: { [EXACT_TITLE_FILTER]: plainWords(term) } }))?.results ??
        [])
      : []
  const ranked = async () => (await pagefind.search(term))?.results ?? []
  if (enough === Number.POSITIVE_INFINITY) return exactFirst(...(await Promise.all([exactly(), ranked()])))
  const exact = await exactly()
  return exact.length >= enough ? exact : exactFirst(exact, await ranked())
}

/** The exact pages, then the ranked ones not among them. */
function exactFirst<R extends { id: string }>(exact: R[], ranked: R[]): R[] {
  const seen = new Set(exact.map((r) => r.id))
  return [...exact, ...ranked.filter((r) => !seen.has(r.id))]
}
