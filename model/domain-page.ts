import type { Domain } from './content/schemas/pages.ts'
import type { RenderContext } from './context.ts'
import { imageFor } from './images.ts'
import { seoFor } from './seo.ts'

/** An anchor id from a block name: 'AVIONICS STACK GEN 1' → 'avionics-stack-gen-1'. */
export function anchorOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * The data of a domain page (Space, Railways), trimmed to what DomainPage shows. Shared by both
 * pages' `+data.ts`, so the two stay alike.
 */
export function domainPageData(ctx: RenderContext, page: Domain, path: string, domain: string) {
  const heroImage = imageFor(ctx, page.heroImage)
  return {
    seo: seoFor(ctx, {
      title: page.title,
      description: page.summary,
      path,
      image: heroImage.src,
      breadcrumb: domain,
    }),
    domain,
    heading: page.heading,
    intro: page.intro,
    heroImage,
    blocks: page.blocks.map((b) => ({
      id: anchorOf(b.name),
      name: b.name,
      text: b.text,
      points: b.points,
      image: imageFor(ctx, b.image),
      imageMobile: imageFor(ctx, b.imageMobile),
      partner: b.partner,
    })),
    brochures: (page.brochures ?? []).map((id) => ({
      id,
      title: ctx.content.brochures.find((b) => b.id === id)?.title ?? id,
      href: `/brochures/${id}`,
    })),
  }
}
