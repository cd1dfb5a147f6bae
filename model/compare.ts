/** The catalogue's and the comparison's addresses; browser-safe, so pages import it as is. */

import { PAGES } from '../lib/pages.ts'

/** The catalogue's address (lib/pages.ts). */
export { CATALOGUE_PATH } from '../lib/pages.ts'

/** The comparison's address: `/compare?products=a,b,c`; no product slug can be `compare` at top level. */
export const COMPARE_PATH = PAGES.compare.path
/** How many products a comparison holds at most. */
export const MAX_COMPARED = 4
/**
 * In a catalogue larger than one menu holds: how many products of each category the catalogue shows
 * while no category is chosen (and all its HTML carries), and how many more each "Show more" adds.
 */
export const CATEGORY_PREVIEW = 4
export const CATALOGUE_STEP = 48

/** The address of a comparison of these products (`only`: the rows that differ). */
export function compareHref(slugs: readonly string[], only = false): string {
  const query = [
    slugs.length ? `products=${slugs.map(encodeURIComponent).join(',')}` : '',
    only ? 'only=differences' : '',
  ]
    .filter(Boolean)
    .join('&')
  return `${COMPARE_PATH}${query ? `?${query}` : ''}`
}

/** What the comparison needs of a catalogue product. */
export function comparable<P extends { slug: string; name: string; category: string; rows: unknown[] }>(
  product: P,
): Pick<P, 'slug' | 'name' | 'category' | 'rows'> {
  const { slug, name, category, rows } = product
  return { slug, name, category, rows }
}
