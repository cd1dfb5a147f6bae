// https://vike.dev/onPageTransitionStart
import { trackLeave } from '../lib/analytics.ts'

/** Leaving a page by a route change logs the time spent on it. */
export function onPageTransitionStart(): void {
  trackLeave()
}
