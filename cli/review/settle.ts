/**
 * What the review runs inside each page, as source text: Playwright sends a function as its source,
 * and the compiled CLI or tsx would add helpers to it that the page does not have.
 */

/**
 * Before any script of the page: counts the timers due within 2 s that have neither run nor been
 * cleared. A page that does something soon after hydration (a brochure page moves on to its
 * after-download page after 900 ms) is settled only once that has happened, whenever the machine gets
 * to it. Longer timers (the loader's 4 s fallback, a toast's expiry) are not waited for.
 */
export const COUNT_TIMERS = `(() => {
  const pending = new Set()
  const set = window.setTimeout
  const clear = window.clearTimeout
  window.setTimeout = function (fn, ms, ...rest) {
    if (!(Number(ms || 0) <= 2000)) return set.call(window, fn, ms, ...rest)
    const id = set.call(window, function () {
      pending.delete(id)
      return typeof fn === 'function' ? fn.apply(this, arguments) : undefined
    }, ms, ...rest)
    pending.add(id)
    return id
  }
  window.clearTimeout = function (id) {
    pending.delete(id)
    return clear.call(window, id)
  }
  Object.defineProperty(window, '__reviewTimers', { get: () => pending.size })
})()`

/**
 * The page has hydrated (docs/decisions.md, "Public hydration marks": the first page view pushed, then
 * header, main and footer and every staged section marked) and nothing it set a short timer for is
 * still to come.
 */
export const HYDRATED = `(() => {
  const viewed = (window.dataLayer || []).some((e) => e && e.event === 'page_view')
  const marked = (el) => !el || el.hasAttribute('data-hydrated')
  return viewed && window.__reviewTimers === 0 &&
    marked(document.querySelector('.shell > header')) &&
    marked(document.querySelector('#main')) &&
    marked(document.querySelector('.shell > footer')) &&
    [...document.querySelectorAll('main [data-staged]')].every(marked)
})()`

/**
 * Styles that take time and focus out of the picture: no caret, no focus ring, transitions and
 * animations at their end. Reduced motion already stills the site's own motion; this also stills what
 * a future change forgets to.
 */
export const STILL_CSS = `*, *::before, *::after {
  caret-color: transparent !important;
  transition: none !important;
  animation-delay: 0s !important;
  animation-duration: 0s !important;
}
*:focus, *:focus-visible { outline: none !important; }`

/**
 * Every image loaded and decoded before the shot: lazy images load now (a full-page shot does not
 * scroll them into view), decoding is synchronous (an image still decoding would be painted blank),
 * and each `srcset` is read again at the current width (after a resize Chromium chooses again when
 * it gets to it, which made the same page pick different files on different runs). Then the fonts,
 * two frames, and no element keeps focus.
 */
export const LOAD_IMAGES = `(async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  for (const img of document.images) {
    img.loading = 'eager'
    img.decoding = 'sync'
    if (img.srcset) img.srcset = img.srcset
  }
  await Promise.all([...document.images].map((img) => img.complete ? null : new Promise((done) => {
    img.addEventListener('load', done, { once: true })
    img.addEventListener('error', done, { once: true })
  })))
  await Promise.all([...document.images].map((img) => img.decode().catch(() => {})))
  await document.fonts.ready
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
})()`

/** The size of the whole page, for a full-page shot. */
export const PAGE_SIZE = `({
  width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
  height: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
})`
