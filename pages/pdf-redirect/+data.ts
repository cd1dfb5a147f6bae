// https://vike.dev/data
import { brochureFile } from '../../model/brochure-library.ts'
import { renderContext } from '../../model/context.ts'
import { seoFor } from '../../model/seo.ts'

export async function data() {
  const ctx = await renderContext()
  return {
    seo: seoFor(ctx, {
      title: 'Your brochure download',
      description: `The brochure you asked for is downloading. Open it again from the link on this page, or browse more from ${ctx.content.site.company}.`,
      path: '/pdf-redirect',
      breadcrumb: 'Brochure download',
    }),
    /** Only files under this base are linked (../shared/spec/DECISIONS.md, Brochures). */
    storageBase: ctx.config.storageBase,
    /** Each brochure's file and title: the link names the brochure a visitor knows, not its file. */
    brochures: ctx.content.brochures.map((b) => ({ file: brochureFile(ctx, b.id), title: b.title })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
