// https://vike.dev/data
import { renderContext } from '../../renderer/context.ts'
import { markdownToHtml } from '../../renderer/markdown.ts'
import { seoFor } from '../../renderer/seo.ts'

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
