// https://vike.dev/data
import { COMPARE_PATH, catalogue, comparable } from '../../model/catalogue.ts'
import { renderContext } from '../../model/context.ts'
import { dataFiles } from '../../model/data-files.ts'
import { MENU_LIMIT } from '../../model/menu.ts'
import { seoFor } from '../../model/seo.ts'

/**
 * Every product's facts: which two to four are compared is in the URL, read after hydration, so one
 * pre-rendered page serves every comparison. Past what one menu holds the page carries none, and
 * loads them (their data file, model/data-files.ts) once hydrated: its HTML stays the same size as the catalogue grows. It is kept out of search (not `indexed` in lib/pages.ts):
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
    categories: categories.map(({ id, name }) => ({ id, name })),
    products: products.length <= MENU_LIMIT ? products.map(comparable) : [],
    /** The whole catalogue's data file (model/data-files.ts), when the page does not carry it. */
    catalogueUrl: products.length <= MENU_LIMIT ? null : dataFiles(ctx).catalogue.url,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
