// https://vike.dev/onPageTransitionEnd
import { site } from 'virtual:site'
import { trackPageView } from '../lib/analytics.ts'
import { pageLoading } from '../lib/page-loading.ts'

/** Every client-side route change logs a page view, once the new page (and its title) is in place. */
export function onPageTransitionEnd(): void {
  pageLoading(false)
  trackPageView(site.analyticsId)
}
