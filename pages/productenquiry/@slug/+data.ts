// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { renderContext } from '../../../model/context.ts'
import { imageFor } from '../../../model/images.ts'
import { seoFor } from '../../../model/seo.ts'

export async function data(pageContext: PageContextServer) {
  const ctx = await renderContext()
  const product = ctx.content.products.find((p) => p.slug === pageContext.routeParams.slug)
  // Unknown slugs end on /comingsoon: _redirects on hosts that read it, the not-found page elsewhere.
  if (!product) throw render(404)
  return {
    seo: seoFor(ctx, {
      title: `Enquire about ${product.name}`,
      description: `Ask about ${product.name}: pricing, volumes, integration or a demo. Send an enquiry and our team replies within 24 hours.`,
      path: `/productenquiry/${product.slug}`,
    }),
    slug: product.slug,
    name: product.name,
    summary: product.summary,
    image: imageFor(ctx, product.headerImage),
    email: ctx.content.site.contact.email,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
