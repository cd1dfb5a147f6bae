// https://vike.dev/onPageTransitionStart
import { trackLeave } from '../lib/analytics.ts'
import { pageLoading } from '../lib/page-loading.ts'

/** Leaving a page by a route change logs the time spent on it, and shows that the next one is loading. */
export function onPageTransitionStart(): void {
  trackLeave()
  pageLoading(true)
}
