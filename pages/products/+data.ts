// https://vike.dev/data
import { CATALOGUE_PATH, CATEGORY_PREVIEW, catalogue } from '../../model/catalogue.ts'
import { renderContext } from '../../model/context.ts'
import { dataFiles } from '../../model/data-files.ts'
import { MENU_LIMIT } from '../../model/menu.ts'
import { seoFor } from '../../model/seo.ts'

/**
 * The products grouped by category with their facts, and the filters the facts make. Every product
 * while they fit one menu; past that each category's first few (the page loads the rest once
 * hydrated), so the page's HTML stays the same size however large the catalogue grows.
 */
export async function data() {
  const ctx = await renderContext()
  const whole = catalogue(ctx)
  const { categories, shared } = whole
  const carriesAll = whole.products.length <= MENU_LIMIT
  const products = carriesAll
    ? whole.products
    : categories.flatMap((c) => whole.products.filter((p) => p.category === c.id).slice(0, CATEGORY_PREVIEW))
  const sizes = Object.fromEntries(
    categories.map((c) => [c.id, whole.products.filter((p) => p.category === c.id).length]),
  )
  const total = whole.products.length
  const { siteUrl } = ctx.config
  return {
    seo: seoFor(ctx, {
      title: 'Products',
      description: `All ${total} products by category with the facts that matter: filter by ports, PoE, temperature range and more, and compare models side by side.`,
      path: CATALOGUE_PATH,
      breadcrumb: 'Products',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: 'Products',
          numberOfItems: total,
          itemListElement: products.map((p, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: p.name,
            url: `${siteUrl}/products/${p.slug}`,
          })),
        },
      ],
    }),
    categories,
    products,
    /** Whether `products` is every product; if not, the page loads them from `catalogueUrl`. */
    carriesAll,
    /** The whole catalogue's data file (model/data-files.ts), when the page does not carry it all. */
    catalogueUrl: carriesAll ? null : dataFiles(ctx).catalogue.url,
    /** How many products each category has, by id, and in all. */
    sizes,
    total,
    shared,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
