// https://vike.dev/description
import type { PageContext } from 'vike/types'
import type { Seo } from '../model/seo.ts'

/** The page's meta description from its data; the error page gets a plain sentence. */
export function description(pageContext: PageContext): string {
  const seo = (pageContext.data as { seo?: Seo } | undefined)?.seo
  if (seo) return seo.description
  return pageContext.is404 === false
    ? 'Something went wrong while showing this page. Please try again in a moment.'
    : 'The page you are looking for does not exist or has moved. Start again from the home page.'
}
