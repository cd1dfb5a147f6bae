// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { markdownToHtml } from '../../model/markdown.ts'
import { seoFor } from '../../model/seo.ts'

export async function data() {
  const ctx = await renderContext()
  const { meta, markdown: source } = ctx.content.privacy
  return {
    seo: seoFor(ctx, {
      title: meta.title,
      description: meta.summary,
      path: '/privacy_policy',
      breadcrumb: meta.title,
    }),
    title: meta.title,
    updated: meta.updated,
    html: await markdownToHtml(source),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
