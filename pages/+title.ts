// https://vike.dev/title
import type { PageContext } from 'vike/types'
import type { Seo } from '../cli/render/seo.ts'

export function title(pageContext: PageContext): string {
  return (pageContext.data as { seo?: Seo } | undefined)?.seo?.title ?? 'Page not found'
}
