/** Set on `<html>` from the start of a route change until the new page is in place at its top. */
const ARRIVING = 'page-arriving'

/** What waits for the new page to be in place (see `whenArrived`). */
const waiting: (() => void)[] = []

/**
 * The loading indicator of client-side navigation: the only time page data is genuinely pending, since
 * pre-rendered pages arrive with their content (../shared/spec/DECISIONS.md, Deliberate departures). A
 * thin bar at the top (CSS, shown only if loading takes over 300 ms) and `aria-busy` on the main region.
 *
 * The new page also arrives at its top at once, as after a page load, not by a smooth scroll through it
 * (html scrolls smoothly for in-page links): `page-arriving` turns that off from the start of the route
 * change until Vike has put the new page in place, which it does just after onPageTransitionEnd, in the
 * same task; the timer that ends it runs after that.
 */
export function pageLoading(loading: boolean): void {
  const html = document.documentElement
  const main = document.getElementById('main')
  html.classList.toggle('page-loading', loading)
  if (loading) {
    html.classList.add(ARRIVING)
    main?.setAttribute('aria-busy', 'true')
  } else {
    main?.removeAttribute('aria-busy')
    setTimeout(arrived)
  }
}

/** The new page is in place, unless the visitor has already started another route change. */
function arrived(): void {
  const html = document.documentElement
  if (html.classList.contains('page-loading')) return
  html.classList.remove(ARRIVING)
  for (const run of waiting.splice(0)) run()
}

/**
 * Runs `run` once the page is where the visitor will see it: at once, or during a route change after
 * the new page has been scrolled into place (until then the new page's elements stand where the old
 * page was scrolled to, for a frame or more).
 */
export function whenArrived(run: () => void): void {
  if (document.documentElement.classList.contains(ARRIVING)) waiting.push(run)
  else run()
}
