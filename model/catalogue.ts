import { MAX_COMPARED } from './compare.ts'
import { categoryId, type FactValue, productFacts } from './content/facts.ts'
import type { ProductEntry } from './content/load.ts'
import type { Category, FactDeclaration } from './content/schemas/categories.ts'
import type { RenderContext } from './context.ts'
import { imageFor } from './images.ts'

export {
  CATALOGUE_PATH,
  CATALOGUE_STEP,
  CATEGORY_PREVIEW,
  COMPARE_PATH,
  comparable,
  compareHref,
  MAX_COMPARED,
} from './compare.ts'

/**
 * A fact as a filter: its declaration and the values the products actually have, so a filter offers
 * only what can match (a count's values, a range's lower and upper ends, the choices in use).
 */
export interface FactFilter {
  key: string
  label: string
  type: FactDeclaration['type']
  unit?: string
  /** count: every value; range: the lower ends, coldest first; choice: the choices in use. */
  options: (number | string)[]
  /** range only: the upper ends, hottest last. */
  highs?: number[]
}

/** A product as the catalogue and the comparison show it. */
export interface CatalogueProduct {
  slug: string
  name: string
  summary: string
  /** The category's id. */
  category: string
  image: ReturnType<typeof imageFor>
  /** Read values, for filtering and for telling differences apart. */
  facts: Record<string, FactValue>
  /** Label and text of each fact, in declaration order. */
  rows: { key: string; label: string; text: string }[]
}

export interface CatalogueCategory {
  id: string
  name: string
  summary: string
  filters: FactFilter[]
}

/** Every product with its facts, and each category with the filters its facts make. */
export function catalogue(ctx: Pick<RenderContext, 'content' | 'images' | 'config'>) {
  const { categories, products } = ctx.content
  const entries = products.flatMap((p) => {
    const category = categories.find((c) => c.name === p.category)
    return category ? [catalogueProduct(ctx, category, p)] : []
  })
  const grouped: CatalogueCategory[] = categories
    .map((c) => ({
      id: categoryId(c.name),
      name: c.name,
      summary: c.summary,
      filters: filtersOf(
        c.facts,
        entries.filter((e) => e.category === categoryId(c.name)),
      ),
    }))
    .filter((c) => entries.some((e) => e.category === c.id))
  return { categories: grouped, products: entries, shared: sharedFilters(categories, entries) }
}

export type Catalogue = ReturnType<typeof catalogue>

function catalogueProduct(
  ctx: Pick<RenderContext, 'images' | 'config'>,
  category: Category,
  p: ProductEntry,
): CatalogueProduct {
  const facts = productFacts(category, p.facts)
  return {
    slug: p.slug,
    name: p.name,
    summary: p.summary,
    category: categoryId(category.name),
    image: imageFor(ctx, p.headerImage),
    facts: Object.fromEntries(facts.map((f) => [f.key, f.value])),
    rows: facts.map(({ key, label, text }) => ({ key, label, text })),
  }
}

/** The filters of some facts over some products; a fact no product gives, or that cannot narrow, is left out. */
function filtersOf(facts: readonly FactDeclaration[], products: readonly CatalogueProduct[]): FactFilter[] {
  return facts.flatMap((fact): FactFilter[] => {
    const values = products.flatMap((p) => (p.facts[fact.key] ? [p.facts[fact.key] as FactValue] : []))
    const base = {
      key: fact.key,
      label: fact.label,
      type: fact.type,
      ...(fact.unit ? { unit: fact.unit } : {}),
    }
    const distinct = <T>(list: T[]) => [...new Set(list)]
    switch (fact.type) {
      case 'count': {
        const options = distinct(values.flatMap((v) => (v.type === 'count' ? v.values : []))).sort(
          (a, b) => a - b,
        )
        return options.length > 1 ? [{ ...base, options }] : []
      }
      case 'range': {
        const lows = distinct(values.flatMap((v) => (v.type === 'range' ? [v.min] : []))).sort(
          (a, b) => b - a,
        )
        const highs = distinct(values.flatMap((v) => (v.type === 'range' ? [v.max] : []))).sort(
          (a, b) => a - b,
        )
        return lows.length > 1 || highs.length > 1 ? [{ ...base, options: lows, highs }] : []
      }
      case 'boolean': {
        const yes = values.filter((v) => v.type === 'boolean' && v.value).length
        // A toggle narrows only when some products have it and some do not.
        return yes > 0 && yes < products.length ? [{ ...base, options: [] }] : []
      }
      case 'choice': {
        const used = new Set(values.flatMap((v) => (v.type === 'choice' ? v.values : [])))
        const options = (fact.choices ?? []).filter((c) => used.has(c))
        return options.length > 1 || (options.length === 1 && values.length < products.length)
          ? [{ ...base, options }]
          : []
      }
    }
    return []
  })
}

/**
 * Facts several categories declare alike (ports, operating temperature, mounting), and those one
 * category marks `acrossCategories` (PoE): the filters shown while no category is chosen, so "which
 * work at −40 °C?" or "which give PoE?" is one question across the whole catalogue.
 */
function sharedFilters(categories: readonly Category[], products: readonly CatalogueProduct[]): FactFilter[] {
  const declared = new Map<string, FactDeclaration & { count: number }>()
  for (const category of categories)
    for (const fact of category.facts) {
      const seen = declared.get(fact.key)
      if (seen) {
        seen.count++
        seen.choices = [...new Set([...(seen.choices ?? []), ...(fact.choices ?? [])])]
      } else declared.set(fact.key, { ...fact, count: 1 })
    }
  const shared = [...declared.values()]
    .filter((f) => f.count > 1 || f.acrossCategories)
    .map(({ count: _, ...fact }) => fact)
  return filtersOf(shared, products)
}

/**
 * A product's family for "Compare": itself and up to three others of its category, the nearest in menu
 * order first (the 16-port managed switch brings the other three switches); empty when it has none.
 */
export function familyOf(products: readonly ProductEntry[], product: ProductEntry): string[] {
  const index = products.indexOf(product)
  // Outwards from the product, the one before ahead of the one after at the same distance: each product
  // page asks, so a walk that stops at the third (not a sort of the whole catalogue) keeps a thousand
  // products' pages from costing a million comparisons.
  const family = [index]
  for (let distance = 1; family.length < MAX_COMPARED; distance++) {
    if (index - distance < 0 && index + distance >= products.length) break
    for (const i of [index - distance, index + distance])
      if (family.length < MAX_COMPARED && products[i]?.category === product.category) family.push(i)
  }
  if (family.length === 1) return []
  return family.sort((a, b) => a - b).flatMap((i) => (products[i] ? [products[i].slug] : []))
}
