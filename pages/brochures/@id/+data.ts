// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { brochureFile } from '../../../model/brochure-library.ts'
import { renderContext } from '../../../model/context.ts'
import { seoFor } from '../../../model/seo.ts'

export async function data(pageContext: PageContextServer) {
  const ctx = await renderContext()
  const brochure = ctx.content.brochures.find((b) => b.id === pageContext.routeParams.id)
  if (!brochure) throw render(404)
  const title = `${brochure.title} brochure`
  return {
    seo: seoFor(ctx, {
      title,
      description: `Download the ${brochure.title} brochure from ${ctx.content.site.company} as a PDF.`,
      path: `/brochures/${brochure.id}`,
      breadcrumb: title,
    }),
    // A step on the way to a file, not a page to find in search.
    title,
    fileName: `${brochure.id}.pdf`,
    url: brochureFile(ctx, brochure.id),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
