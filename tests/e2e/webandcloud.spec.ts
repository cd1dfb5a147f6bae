import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

const PATH = '/products/webandcloudsolutions'
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

test.describe('Web And Cloud Solutions', () => {
  test('the heading and all eleven description lines are in the HTML before scripts run', async ({
    request,
  }) => {
    const html = await (await request.get(PATH)).text()
    expect(html).toMatch(/<h1[^>]*>Web And Cloud Solutions<\/h1>/)
    const lines = html.match(/<ol class="wc-lines__list">([\s\S]*?)<\/ol>/)?.[1] ?? ''
    expect(lines.match(/<li/g)).toHaveLength(11)
  })

  test('the first pin slides the heading left as the page scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(PATH)
    const heading = page.getByRole('heading', { level: 1 })
    const start = (await heading.boundingBox())?.x ?? 0
    await page.mouse.wheel(0, 900)
    await expect.poll(async () => (await heading.boundingBox())?.x ?? 0).toBeLessThan(start - 200)
  })

  test('under reduced motion nothing moves and every line is visible', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(PATH)
    const heading = page.getByRole('heading', { level: 1 })
    const start = (await heading.boundingBox())?.x ?? 0
    await page.mouse.wheel(0, 900)
    await page.waitForTimeout(300)
    expect((await heading.boundingBox())?.x).toBe(start)
    const items = page
      .getByRole('list')
      .filter({ hasText: 'Designed, built and supported in India.' })
      .getByRole('listitem')
    await expect(items).toHaveCount(11)
    for (const item of await items.all()) await expect(item).toHaveCSS('opacity', '1')
  })

  for (const width of [400, 1440])
    test(`passes axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(PATH)
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
    })
})
