// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { renderContext } from '../../../model/context.ts'
import { productPage } from '../../../model/product-page.ts'

/** One product page, trimmed to what it shows (model/product-page.ts). */
export async function data(pageContext: PageContextServer) {
  const ctx = await renderContext()
  const product = ctx.content.products.find((p) => p.slug === pageContext.routeParams.slug)
  // Unknown slugs are redirected to /comingsoon by the host (_redirects) or the not-found page.
  if (!product) throw render(404)
  return productPage(ctx, product)
}

export type Data = Awaited<ReturnType<typeof data>>
