/** The catalogue's and the comparison's addresses; browser-safe, so pages import it as is. */

/** The catalogue's address. */
export const CATALOGUE_PATH = '/products'
/** The comparison's address: `/compare?products=a,b,c`; no product slug can be `compare` at top level. */
export const COMPARE_PATH = '/compare'
/** How many products a comparison holds at most. */
export const MAX_COMPARED = 4

/** The address of a comparison of these products. */
export function compareHref(slugs: readonly string[]): string {
  return `${COMPARE_PATH}?products=${slugs.map(encodeURIComponent).join(',')}`
}
