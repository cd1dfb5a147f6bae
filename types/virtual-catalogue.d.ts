/**
 * `virtual:catalogue`: every product with its facts, and the categories' filters (vite/site-plugin.ts).
 * Import it with `import()` only: it is a chunk of its own, fetched by the pages that show the whole
 * catalogue once they have hydrated.
 */
import type { Catalogue } from '../model/catalogue.ts'

export declare const catalogue: Catalogue
export default catalogue
