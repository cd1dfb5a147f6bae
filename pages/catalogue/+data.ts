// https://vike.dev/data
import { CATALOGUE_PATH, catalogue } from '../../renderer/catalogue.ts'
import { renderContext } from '../../renderer/context.ts'
import { seoFor } from '../../renderer/seo.ts'

/** Every product grouped by category with its facts, and the filters the facts make. */
export async function data() {
  const ctx = await renderContext()
  const { categories, products, shared } = catalogue(ctx)
  const { siteUrl } = ctx.config
  return {
    seo: seoFor(ctx, {
      title: 'Products',
      description: `All ${products.length} products by category with the facts that matter: filter by ports, PoE, temperature range and more, and compare models side by side.`,
      path: CATALOGUE_PATH,
      breadcrumb: 'Products',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: 'Products',
          numberOfItems: products.length,
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
    shared,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
