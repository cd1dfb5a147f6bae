// https://vike.dev/data
import { renderContext } from '../../../model/context.ts'
import { imageFor } from '../../../model/images.ts'
import { seoFor } from '../../../model/seo.ts'

export async function data() {
  const ctx = await renderContext()
  const page = ctx.content.webAndCloud
  const image = imageFor(ctx, page.image)
  return {
    seo: seoFor(ctx, {
      title: page.title,
      description: page.summary,
      path: '/products/webandcloudsolutions',
      image: image.src,
      breadcrumb: page.title,
    }),
    heading: page.heading,
    stripe: page.stripe,
    block: page.block,
    lines: page.lines,
    image,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
