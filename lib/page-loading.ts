/**
 * The loading indicator of client-side navigation: the only time page data is genuinely pending, since
 * pre-rendered pages arrive with their content (DECISIONS.md, Deliberate departures). A thin bar at the
 * top (CSS, shown only if loading takes over 300 ms) and `aria-busy` on the main region.
 */
export function pageLoading(loading: boolean): void {
  document.documentElement.classList.toggle('page-loading', loading)
  const main = document.getElementById('main')
  if (loading) main?.setAttribute('aria-busy', 'true')
  else main?.removeAttribute('aria-busy')
}
