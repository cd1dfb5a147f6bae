import { describe, expect, it } from 'vitest'
import { familyOf } from './catalogue.ts'
import { MAX_COMPARED } from './compare.ts'
import type { ProductEntry } from './content/load.ts'

/** Products as familyOf reads them: a slug and a category, in menu order. */
const catalogue = (categories: readonly string[]) =>
  categories.map((category, i) => ({ slug: `p${i}`, category }) as unknown as ProductEntry)

/** The family as its definition reads: the nearest of its category first, the earlier of two as near. */
function byDefinition(products: readonly ProductEntry[], product: ProductEntry): string[] {
  const index = products.indexOf(product)
  const others = products
    .map((p, i) => ({ p, i, distance: Math.abs(i - index) }))
    .filter(({ p }) => p !== product && p.category === product.category)
    .sort((a, b) => a.distance - b.distance || a.i - b.i)
    .slice(0, MAX_COMPARED - 1)
  if (!others.length) return []
  return [index, ...others.map((o) => o.i)].sort((a, b) => a - b).map((i) => products[i]?.slug ?? '')
}

describe('familyOf', () => {
  it('brings the nearest of the same category, the earlier first when two are as near, in menu order', () => {
    const products = catalogue(['s', 'x', 's', 's', 'y', 's', 's', 'x'])
    expect(familyOf(products, products[3] as ProductEntry)).toEqual(['p0', 'p2', 'p3', 'p5'])
    expect(familyOf(products, products[1] as ProductEntry)).toEqual(['p1', 'p7'])
    expect(familyOf(products, products[4] as ProductEntry)).toEqual([])
  })

  it('agrees with its definition on catalogues of every shape', () => {
    // A fixed pseudo-random sequence: the same catalogues on every run.
    let seed = 7
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    for (let run = 0; run < 200; run++) {
      const size = 1 + (next() % 40)
      const kinds = 1 + (next() % 6)
      const products = catalogue(Array.from({ length: size }, () => `c${next() % kinds}`))
      for (const product of products)
        expect(familyOf(products, product)).toEqual(byDefinition(products, product))
    }
  })
})
