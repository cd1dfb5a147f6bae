// https://vike.dev/onHydrationEnd
import { site } from 'virtual:site'
import { trackPageView } from '../lib/analytics.ts'

/** The first page of a visit counts as a route change too (DECISIONS.md, Analytics). */
export function onHydrationEnd(): void {
  trackPageView(site.analyticsId)
}
