import type { RenderContext } from '../../renderer/context.ts'
import { imageFor } from '../../renderer/images.ts'

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
 * Every page the site search finds, in a stable order: home, about, the domain pages, each product
 * page and Web And Cloud, and each brochure that no product page links (a linked brochure's title is
 * on its product page, so it leads there). Forms, legal text, redirects and error pages stay out.
 */
export function searchPages(ctx: Pick<RenderContext, 'content' | 'images' | 'config'>): SearchPage[] {
  const { products, brochures } = ctx.content
  const page = (route: string, title: string, category: string): SearchPage => ({
    route,
    meta: { title, category },
    weights: { h1: 8 },
    extra: [],
  })
  const linked = new Set(products.map((p) => p.brochure).filter(Boolean))
  return [
    page('/', 'Home', 'Company'),
    page('/aboutus', 'About us', 'Company'),
    page('/railways', 'Railways', 'Solutions'),
    page('/space', 'Space', 'Solutions'),
    page('/products/webandcloudsolutions', 'Web And Cloud Solutions', 'Solutions'),
    ...products.map((p) => ({
      route: `/products/${p.slug}`,
      meta: { title: p.name, category: p.category, thumb: thumbnail(ctx, p.headerImage) },
      weights: PRODUCT_WEIGHTS,
      extra: [
        { text: p.category, weight: 6 },
        { text: p.summary, weight: 4 },
      ],
    })),
    ...brochures
      .filter((b) => !linked.has(b.id))
      .map((b) => ({ ...page(`/brochures/${b.id}`, `${b.title} brochure`, 'Brochure'), weights: { h1: 9 } })),
  ]
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
