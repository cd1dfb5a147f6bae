import { processState } from './process-state.ts'

/**
 * Which of the pages with a parameter (products, enquiries, brochures) the current pre-render writes.
 * Vike keeps every page it has rendered in memory until its pre-render ends, about 0.3 MB a page, so a
 * catalogue of a thousand products (two thousand pages) would need well over a gigabyte: Vike's
 * pre-render of a new bundle writes them in passes of at most PRERENDER_BATCH such pages
 * (cli/build/prerender.ts). A build that reuses the last bundle renders only what changed, page by
 * page, without Vike's pre-render (cli/build/render-pages.ts).
 *
 * Each parameterised page's `onBeforePrerenderStart` names only its share through {@link inThisPass}.
 */
const state = processState('prerender-batch', () => ({
  pass: undefined as { index: number; count: number } | undefined,
}))

/** How many pages with a parameter one pre-render pass writes at most. */
export const PRERENDER_BATCH = 400

/** How many passes `pages` pages with a parameter take: one for the shipped content, six for a thousand products. */
export function prerenderPasses(pages: number): number {
  return Math.max(1, Math.ceil(pages / PRERENDER_BATCH))
}

/** How many pages with a parameter this content has: a page and an enquiry per product, a page per brochure. */
export function pagesWithParameter(content: { products: readonly unknown[]; brochures: readonly unknown[] }) {
  return 2 * content.products.length + content.brochures.length
}

/** Sets the pass (`index` of `count`) the next pre-render writes; undefined: every page at once. */
export function setPrerenderPass(pass: { index: number; count: number } | undefined): void {
  state.pass = pass
}

/** The share of `urls` the current pass writes. */
export function inThisPass(urls: readonly string[]): string[] {
  const { pass } = state
  return pass ? urls.filter((_, i) => i % pass.count === pass.index) : [...urls]
}
