// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { imageFor } from '../../model/images.ts'
import { seoFor } from '../../model/seo.ts'

export async function data() {
  const ctx = await renderContext()
  const { home, site } = ctx.content
  const heroImage = imageFor(ctx, home.hero.image)
  const card = (c: (typeof home.domains)[number]) => ({
    title: c.title,
    text: c.text,
    link: c.link,
    image: c.image ? imageFor(ctx, c.image) : undefined,
  })
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
    tagline: site.tagline,
    hero: { heading: home.hero.heading, text: home.hero.text, image: heroImage },
    visionMission: home.visionMission,
    domains: home.domains.map(card),
    solutions: home.solutions.map(card),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
