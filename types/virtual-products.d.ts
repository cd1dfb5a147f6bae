/**
 * `virtual:products`: every product as a form's product list offers it (vite/site-plugin.ts). Import
 * it with `import()` only: it is a chunk of its own, fetched when a form needs the whole list.
 */
import type { ProductChoice } from '../model/menu.ts'

export declare const products: ProductChoice[]
export default products
