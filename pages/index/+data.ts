// https://vike.dev/data
import { renderContext } from '../../cli/render/context.ts'
import { imageFor } from '../../cli/render/images.ts'
import { seoFor } from '../../cli/render/seo.ts'

export async function data() {
  const ctx = await renderContext()
  const { home, site } = ctx.content
  const heroImage = imageFor(ctx, home.hero.image)
  return {
    seo: seoFor(ctx, {
      title: `${site.company}: ${home.title}`,
      description: home.summary,
      path: '/',
      image: heroImage.src,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: site.company,
          url: `${ctx.config.siteUrl}/`,
          email: site.contact.email,
          address: site.contact.address,
          sameAs: [site.contact.social.url],
        },
      ],
    }),
    hero: { ...home.hero, image: heroImage },
    visionMission: home.visionMission,
    domains: home.domains.map((d) => ({ ...d, image: d.image ? imageFor(ctx, d.image) : undefined })),
    solutions: home.solutions.map((s) => ({ ...s, image: s.image ? imageFor(ctx, s.image) : undefined })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
