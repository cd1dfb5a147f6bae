// https://vike.dev/data
import { COMPARE_PATH, catalogue } from '../../renderer/catalogue.ts'
import { renderContext } from '../../renderer/context.ts'
import { seoFor } from '../../renderer/seo.ts'

/**
 * Every product's facts: which two to four are compared is in the URL, read after hydration, so one
 * pre-rendered page serves every comparison. It is kept out of search (`noindex`, not in the sitemap):
 * without a choice of products it is only a prompt.
 */
export async function data() {
  const ctx = await renderContext()
  const { categories, products } = catalogue(ctx)
  return {
    seo: seoFor(ctx, {
      title: 'Compare products',
      description:
        'Put two to four products side by side: their facts in one table, the differences marked, and an enquiry one click away.',
      path: COMPARE_PATH,
      breadcrumb: 'Compare products',
    }),
    noindex: true,
    categories: categories.map(({ id, name }) => ({ id, name })),
    products: products.map(({ slug, name, category, rows }) => ({ slug, name, category, rows })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
