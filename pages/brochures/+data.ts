// https://vike.dev/data
import { BROCHURE_LIBRARY } from '../../lib/pages.ts'
import { brochureLibrary } from '../../model/brochure-library.ts'
import { renderContext } from '../../model/context.ts'
import { seoFor } from '../../model/seo.ts'

export async function data() {
  const ctx = await renderContext()
  return {
    seo: seoFor(ctx, {
      title: 'Brochures',
      description: `Every ${ctx.content.site.company} brochure as a PDF: railway systems and each product's data sheet, in one place.`,
      path: BROCHURE_LIBRARY,
      breadcrumb: 'Brochures',
    }),
    ...brochureLibrary(ctx),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
