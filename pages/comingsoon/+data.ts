// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { seoFor } from '../../model/seo.ts'

/** Copy of the coming-soon screen; the content has no file for it. */
const TITLE = 'Coming soon'
const SUMMARY =
  'This page is being prepared. Meanwhile, browse our products and solutions or contact our team for details.'

export async function data() {
  const ctx = await renderContext()
  return {
    seo: seoFor(ctx, { title: TITLE, description: SUMMARY, path: '/comingsoon', breadcrumb: TITLE }),
    title: TITLE,
    email: ctx.content.site.contact.email,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
