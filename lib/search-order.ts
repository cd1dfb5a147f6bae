/**
 * How many results the search dialog shows, and so how far down an exact title is looked for: the
 * site's own order over Pagefind's ranking reaches only as far as the visitor would see.
 */
export const SHOWN_RESULTS = 8

/** A title or a query as a visitor means it: case, accents and spacing aside. */
export function plainWords(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * Results in Pagefind's order, except that a result whose title is exactly the query comes first.
 * Pagefind matches the last word of a query as a prefix and ranks by how often and where the words
 * occur, so "Rugged Switch 1" can rank "Rugged Switch 11" first; a visitor who types a product's whole
 * name means that product. Browser-safe: the search dialog and `site verify` both order by it.
 */
export function exactTitlesFirst<T extends { title: string }>(results: readonly T[], query: string): T[] {
  const wanted = plainWords(query)
  const exact = results.filter((r) => plainWords(r.title) === wanted)
  return exact.length ? [...exact, ...results.filter((r) => !exact.includes(r))] : [...results]
}
