// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { renderContext } from '../../../cli/render/context.ts'
import { imageFor } from '../../../cli/render/images.ts'
import { seoFor } from '../../../cli/render/seo.ts'

export async function data(pageContext: PageContextServer) {
  const ctx = await renderContext()
  const product = ctx.content.products.find((p) => p.slug === pageContext.routeParams.slug)
  // Unknown slugs are redirected to /comingsoon by the host (_redirects) or the not-found page.
  if (!product) throw render(404)
  const hero = imageFor(ctx, product.homeImage)
  return {
    seo: seoFor(ctx, {
      title: product.name,
      description: product.summary,
      path: `/products/${product.slug}`,
      image: hero.src,
      breadcrumb: product.name,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description: product.summary,
          image: hero.src.startsWith('http') ? hero.src : `${ctx.config.siteUrl}${hero.src}`,
          brand: { '@type': 'Brand', name: ctx.content.site.company },
          category: product.category,
        },
      ],
    }),
    slug: product.slug,
    name: product.name,
    description: product.description,
    subText: product.subText,
    hero,
    heroMobile: imageFor(ctx, product.mobileHomeImage),
    cards: product.cardText,
    specifications: product.specifications ?? [],
  }
}

export type Data = Awaited<ReturnType<typeof data>>
