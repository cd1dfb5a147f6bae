import { expect, type Locator, type Page, test } from '@playwright/test'
import { hydrated } from './hydrated.ts'
import { mockApi } from './mock-api.ts'

/** Issue #34 point 5: layouts a visitor trips on (the Products menu, product names in headings, toasts). */

async function open(page: Page, path: string, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height })
  await page.goto(path)
  await hydrated(page)
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  expect(found, `${locator} has a box`).not.toBeNull()
  return found as Box
}

test.describe('the Products menu', () => {
  for (const width of [1201, 1300, 1440])
    test(`at ${width} px the preview card ends under its caption, with no empty panel below it`, async ({
      page,
    }) => {
      await open(page, '/', width)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' }).click()
      await page.getByRole('link', { name: 'Industrial Rugged 24-Port L2 Managed Switch' }).hover()
      // The preview repeats the hovered link for sighted visitors; it is hidden from assistive technology.
      const card = page.locator('.products-menu__preview')
      const caption = card.getByText('Industrial Rugged 24-Port L2 Managed Switch')
      await expect(caption).toBeVisible()
      const below =
        (await box(card)).y +
        (await box(card)).height -
        ((await box(caption)).y + (await box(caption)).height)
      // The card's own padding (1rem) and a little rounding, not a band of empty panel.
      expect(below).toBeLessThanOrEqual(20)
    })
})

/** Every hyphenated word of `name` inside headings of the page, and whether each sits on one line. */
function brokenWords(page: Page, name: string) {
  return page.evaluate((name) => {
    const words = name.split(' ').filter((w) => w.includes('-'))
    const broken: string[] = []
    for (const heading of document.querySelectorAll('h1, h2, h3')) {
      if (!heading.checkVisibility() || !heading.textContent?.includes(name)) continue
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const word of words) {
          const at = node.textContent?.indexOf(word) ?? -1
          if (at < 0) continue
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + word.length)
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
          if (tops.size > 1) broken.push(`${heading.textContent?.trim()} (${word})`)
        }
    }
    return broken
  }, name)
}

test.describe('product names in headings', () => {
  const products = [
    { slug: 'industrialrugged16portl2managedswitch', name: 'Industrial Rugged 16-Port L2 Managed Switch' },
    { slug: 'industrialrugged24portl2managedswitch', name: 'Industrial Rugged 24-Port L2 Managed Switch' },
    { slug: 'industrialrugged8portl2managedswitch', name: 'Industrial Rugged 8-Port L2 Managed Switch' },
    { slug: 'industrialrugged16portunmanagedswitch', name: 'Industrial Rugged 16-Port Unmanaged Switch' },
  ]
  const widths = [360, 400, 1000, 1440]
  for (const { slug, name } of products)
    test(`no heading on ${slug}'s pages breaks inside its name, at ${widths.join(', ')} px`, async ({
      page,
    }) => {
      for (const path of [`/products/${slug}`, `/productenquiry/${slug}`]) {
        await open(page, path, widths[0] as number)
        await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
        // Each page loads once and the window is resized: where a heading wraps is CSS's alone
        // (components/HeadingText.tsx keeps each hyphenated word in a no-wrap span).
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 })
          expect(await brokenWords(page, name), `${path} at ${width} px`).toEqual([])
        }
      }
    })
})

test.describe('toasts', () => {
  for (const width of [400, 1440])
    test(`at ${width} px the success toast after a warranty activation leaves the logo and navigation free`, async ({
      page,
    }) => {
      await mockApi(page)
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/productregistration?product=szephyr')
      const submit = page.getByRole('button', { name: 'Submit' })
      await hydrated(page)
      await page.getByLabel(/^Name\*?$/).fill('Meera Iyer')
      await page.getByLabel(/^Email\*?$/).fill('meera.iyer@example.com')
      await page.getByLabel(/^Phone Number\*?$/).fill('9123456780')
      await page.getByLabel(/^Serial Number\*?$/).fill('SZ-2025-00417')
      await page.getByLabel(/^Purchase Date\*?$/).fill('2025-03-14')
      await submit.click()
      const toast = page.getByRole('status').filter({ hasText: /^Your warranty/ })
      await expect(toast).toBeVisible()
      // Measured where it rests: it slides in from the top edge.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      )
      const header = page.getByRole('banner')
      const covered = [header.getByRole('link', { name: /home$/ })]
      if (width > 1200) covered.push(header.getByRole('navigation', { name: 'Main' }))
      const toastBox = await box(toast)
      for (const part of covered) expect(overlaps(toastBox, await box(part)), `${part}`).toBe(false)
    })
})
