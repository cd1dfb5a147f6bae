import { afterEach, describe, expect, it } from 'vitest'
import {
  inThisPass,
  PRERENDER_BATCH,
  pagesWithParameter,
  prerenderPasses,
  setPrerenderPass,
} from './prerender-batch.ts'

const items = (n: number) => Array.from({ length: n }, (_, i) => i)

afterEach(() => {
  setPrerenderPass(undefined)
})

describe('pre-render passes', () => {
  it('takes one pass for the shipped content and more only past PRERENDER_BATCH pages with a parameter', () => {
    expect(prerenderPasses(pagesWithParameter({ products: items(18), brochures: items(9) }))).toBe(1)
    expect(prerenderPasses(pagesWithParameter({ products: items(PRERENDER_BATCH / 2), brochures: [] }))).toBe(
      1,
    )
    expect(
      prerenderPasses(pagesWithParameter({ products: items(PRERENDER_BATCH / 2), brochures: items(1) })),
    ).toBe(2)
    expect(prerenderPasses(pagesWithParameter({ products: items(1000), brochures: items(9) }))).toBe(6)
    expect(prerenderPasses(pagesWithParameter({ products: [], brochures: [] }))).toBe(1)
  })

  it('shares the URLs between the passes: each exactly once, none over the batch size', () => {
    const urls = items(2009).map((i) => `/products/p${i}`)
    const count = prerenderPasses(pagesWithParameter({ products: items(1000), brochures: items(9) }))
    const shares = Array.from({ length: count }, (_, index) => {
      setPrerenderPass({ index, count })
      return inThisPass(urls)
    })
    expect(shares.flat().sort()).toEqual([...urls].sort())
    for (const share of shares) expect(share.length).toBeLessThanOrEqual(PRERENDER_BATCH)
  })

  it('lists every URL outside a batched build', () => {
    expect(inThisPass(['/a', '/b'])).toEqual(['/a', '/b'])
  })
})
