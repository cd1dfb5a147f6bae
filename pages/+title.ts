// https://vike.dev/title
import { site } from 'virtual:site'
import type { PageContext } from 'vike/types'
import type { Seo } from '../model/seo.ts'

/** The page's own title from its data; the error page, which has none, says what happened. */
export function title(pageContext: PageContext): string {
  const seo = (pageContext.data as { seo?: Seo } | undefined)?.seo
  if (seo) return seo.title
  return `${pageContext.is404 === false ? 'Something went wrong' : 'Page not found'} | ${site.company}`
}
