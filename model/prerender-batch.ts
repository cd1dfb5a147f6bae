import { processState } from './process-state.ts'

/**
 * Which share of the pages with a parameter (products, enquiries, brochures) the current pre-render
 * pass writes. Vike keeps every page it has rendered in memory until its pre-render ends, about 0.3 MB
 * a page, so a catalogue of a thousand products (two thousand pages) would need well over a gigabyte:
 * `site build` pre-renders in passes of at most PRERENDER_BATCH such pages instead
 * (cli/build/prerender.ts), and each page's `onBeforePrerenderStart` names only its share.
 */
const state = processState('prerender-batch', () => ({
  pass: undefined as { index: number; count: number } | undefined,
}))

/** How many pages with a parameter one pre-render pass writes at most. */
export const PRERENDER_BATCH = 400

/** How many pre-render passes this content takes: one for the shipped content, six for a thousand products. */
export function prerenderPasses(content: {
  products: readonly unknown[]
  brochures: readonly unknown[]
}): number {
  // A product has its page and its enquiry page; a brochure its download page.
  const withParameter = 2 * content.products.length + content.brochures.length
  return Math.max(1, Math.ceil(withParameter / PRERENDER_BATCH))
}

/** Sets the pass (`index` of `count`) the next pre-render writes; undefined: every page at once. */
export function setPrerenderPass(pass: { index: number; count: number } | undefined): void {
  state.pass = pass
}

/** The share of `urls` the current pass writes: every one of them outside a batched build. */
export function inThisPass(urls: readonly string[]): string[] {
  const { pass } = state
  return pass ? urls.filter((_, i) => i % pass.count === pass.index) : [...urls]
}
