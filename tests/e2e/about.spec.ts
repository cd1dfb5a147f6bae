import { expect, type Page, test } from '@playwright/test'
import { hydrated } from './hydrated.ts'
import { scrollSettled } from './scroll.ts'

/** The heading of the offices section lies wholly between the sticky header and the bottom of the screen. */
async function expectLocationHeadingVisible(page: Page, height: number): Promise<void> {
  const box = await page.getByRole('heading', { level: 2, name: 'Where to find us' }).boundingBox()
  const header = await page.getByRole('banner').boundingBox()
  // The mobile bottom bar covers the bottom of the screen at 1200 px or narrower.
  const bar = await page.locator('.mobile-bar').boundingBox()
  expect(box, 'the heading is laid out').not.toBeNull()
  expect(header, 'the header is laid out').not.toBeNull()
  if (!box || !header) return
  expect(box.y, 'the heading starts below the sticky header').toBeGreaterThanOrEqual(
    header.y + header.height - 1,
  )
  expect(box.y + box.height, 'the heading ends above the bottom of the screen').toBeLessThanOrEqual(
    bar && bar.height > 0 ? bar.y : height,
  )
}

test.describe('a direct load of /aboutus#location', () => {
  for (const width of [400, 1440]) {
    test(`at ${width} px, before any script runs, the browser's own jump shows the whole heading`, async ({
      page,
    }) => {
      // Scripts load after the first paint; until they do (or when they fail) the browser scrolls alone.
      await page.route(/\.m?js(\?|$)/, (route) => route.abort())
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/aboutus#location')
      await scrollSettled(page)
      await expectLocationHeadingVisible(page, 900)
    })

    test(`at ${width} px, once the page has hydrated and the glide has ended, the whole heading shows`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/aboutus#location')
      await hydrated(page)
      await scrollSettled(page)
      await expectLocationHeadingVisible(page, 900)
    })
  }
})
