// https://vike.dev/data
import { Marked } from 'marked'
import { renderContext } from '../../renderer/context.ts'
import { seoFor } from '../../renderer/seo.ts'

/**
 * The policy's Markdown becomes HTML here, at build time, so the browser never loads a Markdown parser.
 * The page's only <h1> is the title: headings in the text start at <h2>. Raw HTML in the Markdown is
 * shown as text, so the policy file cannot inject markup.
 */
const markdown = new Marked({
  gfm: true,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(Math.max(token.depth, 2), 6)
  },
  renderer: {
    html({ text }) {
      return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
    },
  },
})

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
    html: await markdown.parse(source),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
