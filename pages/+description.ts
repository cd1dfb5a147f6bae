// https://vike.dev/description
import type { PageContext } from 'vike/types'
import type { Seo } from '../cli/render/seo.ts'

export function description(pageContext: PageContext): string | null {
  return (pageContext.data as { seo?: Seo } | undefined)?.seo?.description ?? null
}
