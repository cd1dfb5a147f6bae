import type { Page } from '@playwright/test'

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
