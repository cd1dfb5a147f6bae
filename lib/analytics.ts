/**
 * Page analytics (../shared/spec/DECISIONS.md, Analytics): every route change, the first one included, pushes
 * `{event: 'page_view', page_path, page_title}` onto `window.dataLayer`; leaving a page (a route change,
 * the tab hidden, the page closed) pushes `{event: 'time_spent', page_path, seconds}`. The third-party
 * tag is loaded only when an analytics id is configured.
 *
 * The timing logic is a plain function of a clock and a sink, so it is tested without a browser; the
 * browser wiring (listeners, the tag) sits below it.
 */

export type AnalyticsEvent =
  | { event: 'page_view'; page_path: string; page_title: string }
  | { event: 'time_spent'; page_path: string; seconds: number }

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
  }
}

export interface PageTimer {
  /** A page is shown: ends the previous page's time (if still running) and logs the view. */
  view(path: string, title: string): void
  /** The visitor leaves or hides the page: logs the time since it was shown or last resumed. */
  leave(): void
  /** The page is visible again: time counts from now. */
  resume(): void
}

/**
 * Counts visible time per page. Each visible stretch is logged once: hiding the tab logs it and stops
 * the clock; showing it again restarts the clock for the same page.
 */
export function createPageTimer(push: (event: AnalyticsEvent) => void, now: () => number): PageTimer {
  let path: string | null = null
  let since: number | null = null
  const leave = () => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: the clock starts
    // only once a page is shown, so `since === null` already covers "no page yet".
    if (path === null || since === null) return
    push({ event: 'time_spent', page_path: path, seconds: Math.max(0, Math.round((now() - since) / 1000)) })
    since = null
  }
  return {
    view(nextPath, title) {
      leave()
      path = nextPath
      since = now()
      push({ event: 'page_view', page_path: nextPath, page_title: title })
    },
    leave,
    resume() {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: as in leave().
      if (path !== null && since === null) since = now()
    },
  }
}

/** Pushes an event onto `window.dataLayer` and, when the tag is loaded, hands it to the tag too. */
export function pushEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= []
  window.dataLayer.push(event)
  if (window.gtag) {
    const { event: name, ...params } = event
    window.gtag('event', name, params)
  }
}

/** The script address of the tag for a measurement id. */
export function tagUrl(analyticsId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`
}

let timer: PageTimer | undefined

/**
 * Wires analytics into the page once: the time-spent listeners and, only when `analyticsId` is not
 * empty, the third-party tag. Safe to call again (it does nothing then).
 */
export function startAnalytics(analyticsId: string): PageTimer {
  if (timer) return timer
  const started = createPageTimer(pushEvent, () => performance.now())
  timer = started
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') started.leave()
    else started.resume()
  })
  window.addEventListener('pagehide', () => started.leave())
  if (analyticsId) loadTag(analyticsId)
  return started
}

function loadTag(analyticsId: string): void {
  window.dataLayer ??= []
  const layer = window.dataLayer
  // gtag.js reads its commands from dataLayer as `arguments` objects.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: the tag's documented command format
    layer.push(arguments)
  }
  window.gtag('js', new Date())
  // Page views are sent by this module, on every route change, not by the tag on load.
  window.gtag('config', analyticsId, { send_page_view: false })
  const script = document.createElement('script')
  script.async = true
  script.src = tagUrl(analyticsId)
  document.head.append(script)
}

/** Logs a view of the page now showing (its path and title). */
export function trackPageView(analyticsId: string): void {
  startAnalytics(analyticsId).view(window.location.pathname, document.title)
}

/** Logs the time spent on the page being left. */
export function trackLeave(): void {
  timer?.leave()
}
