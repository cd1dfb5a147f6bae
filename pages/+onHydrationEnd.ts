// https://vike.dev/onHydrationEnd
import { site } from 'virtual:site'
import { trackPageView } from '../lib/analytics.ts'
import { retryFailedStylesheets } from '../lib/retry-stylesheets.ts'

/**
 * The first page of a visit counts as a route change too (../shared/spec/DECISIONS.md, Analytics).
 * From here on, everything is loaded lazily; a lazy module's stylesheet that fails is fetched again
 * at the next use (lib/retry-stylesheets.ts).
 */
export function onHydrationEnd(): void {
  trackPageView(site.analyticsId)
  retryFailedStylesheets()
}
