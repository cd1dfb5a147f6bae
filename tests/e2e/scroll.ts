import type { Locator, Page } from '@playwright/test'

/** Resolves once the page has not scrolled for ten frames in a row: a smooth scroll has come to rest. */
export async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1
        let still = 0
        const tick = () => {
          still = scrollY === last ? still + 1 : 0
          last = scrollY
          if (still >= 10) resolve()
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
  )
}

/**
 * Resolves at the page's next `scrollend` (or `event`, for a page the test has hidden `scrollend`
 * from): the browser's own word that a scroll is over. Still frames can come before a busy compositor
 * has even started a smooth scroll. Call it before the action that scrolls, await it after.
 */
export function scrollEnded(page: Page, event = 'scrollend'): Promise<unknown> {
  return page.evaluate((name) => new Promise((done) => addEventListener(name, done, { once: true })), event)
}

/** Scrolls `selector` to the top at once and resolves when that scroll has ended (see `scrollEnded`). */
export function jumpTo(page: Page, selector: string, event = 'scrollend'): Promise<unknown> {
  return page.locator(selector).evaluate(
    (el, name) =>
      new Promise((done) => {
        addEventListener(name, done, { once: true })
        el.scrollIntoView({ block: 'start', behavior: 'instant' })
      }),
    event,
  )
}

/** Resolves once the page has had no scroll event for `ms` milliseconds of the wall clock. */
export async function scrollQuiet(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet)
        function done() {
          removeEventListener('scroll', again)
          resolve()
        }
        function again() {
          clearTimeout(timer)
          timer = setTimeout(done, quiet)
        }
        addEventListener('scroll', again, { passive: true })
      }),
    ms,
  )
}

/** Where the page is and which step is current, for a failure message. */
export function scrollState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tops = [...document.querySelectorAll('main section[id]')]
      .map((el) => `${el.id} ${Math.round(el.getBoundingClientRect().top)}`)
      .join(', ')
    const current = document.querySelector('[aria-current="step"]')?.getAttribute('href')
    return `scrollY ${Math.round(scrollY)}; current step ${current}; section tops: ${tops}`
  })
}

/**
 * Presses `target` with the mouse where it is on screen, as a hand does. Playwright's own click first
 * scrolls its element into view, and for a sticky element (the step bar) Chromium sometimes takes that
 * to mean the element's place in the flow: the page jumped hundreds of pixels, with a scroll end of its
 * own, before the press, in about one test run in thirty under load.
 */
export async function pressWhereItIs(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox()
  if (!box) throw new Error(`${target} has no box to press`)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}
