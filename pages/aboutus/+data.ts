// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { imageFor } from '../../model/images.ts'
import { seoFor } from '../../model/seo.ts'

export async function data() {
  const ctx = await renderContext()
  const { about, site } = ctx.content
  const image = imageFor(ctx, about.image)
  return {
    seo: seoFor(ctx, {
      title: about.title,
      description: about.summary,
      path: '/aboutus',
      image: image.src,
      breadcrumb: 'About Us',
    }),
    heading: about.heading,
    intro: about.intro,
    image,
    sections: about.sections.map((s) => ({
      title: s.title,
      text: s.text,
      link: s.link,
      image: s.image ? imageFor(ctx, s.image) : undefined,
    })),
    location: about.location,
    offices: site.offices,
    officeTimings: site.contact.officeTimings,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
