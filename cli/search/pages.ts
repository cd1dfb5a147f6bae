import { PAGE_LIST } from '../../lib/pages.ts'
import type { ProductEntry } from '../../model/content/load.ts'
import type { Brochure } from '../../model/content/schemas/site.ts'
import type { RenderContext } from '../../model/context.ts'
import { imageFor } from '../../model/images.ts'

/** What the search index needs to know about one page beyond its HTML. */
export interface SearchPage {
  route: string
  /** The result's heading, category and thumbnail (a small header image, products only). */
  meta: { title: string; category: string; thumb?: string }
  /** CSS selectors inside `<main>` and the Pagefind weight of their text (plain copy weighs 1). */
  weights: Record<string, number>
  /** Index-only text: facts a page states only in its head (summary, category), with their weight. */
  extra: { text: string; weight: number }[]
}

/**
 * A product page: its name weighs most, then its category and summary, then what it does (features,
 * specifications, applications, catalogue); installation steps weigh less than plain copy.
 */
export const PRODUCT_WEIGHTS = {
  h1: 10,
  '.lead': 2,
  '.pcards': 2,
  '#features': 3,
  '#specifications': 3,
  '#application': 2,
  '.pdiff__grid': 2,
  '#catalog': 2,
  '#installation': 0.5,
}

/**
 * A brochure's own result says what the brochure is for (its domain, or its product's category) beside
 * the word "brochure", so a search for its subject and "brochure" ("railway brochure", "UHF brochure")
 * finds it first: the pages that only link it (its product's specifications, its domain page, both
 * left out of the index, see annotate.ts) no longer hold the word. The page is short, which ranks it
 * high, so the title of a product's brochure (the product's name, mostly) weighs little: the product's
 * name still finds the product first.
 */
const BROCHURE_SUBJECT = 5
const BROCHURE_TITLE = 7
const PRODUCT_BROCHURE_TITLE = 0.5

/**
 * Every page the site search finds, in the order lib/pages.ts declares them: the pages with a search
 * entry of their own (home, about, the domain pages, Web And Cloud, the brochure library), each product
 * page, and each brochure (its result leads to its download route). Forms, legal text, redirects and
 * error pages declare none and stay out.
 */
export function searchPages(ctx: Pick<RenderContext, 'content' | 'images' | 'config'>): SearchPage[] {
  const { products, brochures, railways, space } = ctx.content
  const page = (route: string, title: string, category: string): SearchPage => ({
    route,
    meta: { title, category },
    weights: { h1: 8 },
    extra: [],
  })
  const domains = [
    { name: 'Railways', ids: railways.brochures ?? [] },
    { name: 'Space', ids: space.brochures ?? [] },
  ]
  const productPage = (p: ProductEntry): SearchPage => ({
    route: `/products/${p.slug}`,
    meta: { title: p.name, category: p.category, thumb: thumbnail(ctx, p.headerImage) },
    weights: PRODUCT_WEIGHTS,
    extra: [
      { text: p.category, weight: 6 },
      { text: p.summary, weight: 4 },
    ],
  })
  const brochurePage = (b: Brochure): SearchPage => {
    const product = products.find((p) => p.brochure === b.id)
    const subject = domains.find((d) => d.ids.includes(b.id))?.name ?? product?.category
    return {
      ...page(
        `/brochures/${b.id}`,
        `${b.title} brochure`,
        product ? `Brochure · ${product.name}` : 'Brochure',
      ),
      weights: { h1: product ? PRODUCT_BROCHURE_TITLE : BROCHURE_TITLE },
      extra: [{ text: subject ? `${subject} brochure` : 'brochure', weight: BROCHURE_SUBJECT }],
    }
  }
  return PAGE_LIST.flatMap((declared): SearchPage[] => {
    const { search } = declared
    if (search === 'product') return products.map(productPage)
    if (search === 'brochure') return brochures.map(brochurePage)
    return search ? [page(declared.path, search.title, search.category)] : []
  })
}

/** The smallest encoded width of an image: result rows show it at 48 px. */
function thumbnail(ctx: Pick<RenderContext, 'images' | 'config'>, ref: string): string {
  const image = imageFor(ctx, ref)
  const smallest = image.srcSet
    .split(',')
    .map((c) => c.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url ?? '', width: Number.parseInt(w ?? '', 10) || Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.width - b.width)[0]
  return smallest?.url || image.src
}
