import { expect, type Page, test } from '@playwright/test'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'
import { scrollSettled } from './scroll.ts'

const PATH = '/products/webandcloudsolutions'

/**
 * Makes Chromium behave like a browser without CSS scroll timelines (Firefox today): the page's
 * `@supports (animation-timeline: view())` blocks never apply, and CSS.supports says no. Chromium has
 * no switch that turns the feature off, so the stylesheets are rewritten on their way in.
 */
async function withoutScrollTimelines(page: Page): Promise<void> {
  await page.route(/\.css(\?|$)/, async (route) => {
    const response = await route.fetch()
    const css = (await response.text()).replace(/animation-timeline:\s*view\(\)/g, 'no-such-property:0')
    await route.fulfill({ response, body: css })
  })
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS)
    CSS.supports = ((...args: [string, string?]) =>
      !args.join(':').includes('animation-timeline') &&
      (args.length === 1 ? supports(args[0]) : supports(args[0], args[1] ?? ''))) as typeof CSS.supports
  })
}

/** Scrolls through the first scene: its heading must leave to the left, then its block come into view. */
async function firstSceneMoves(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 })
  const block = page.locator('.wc-block')
  const start = await heading.boundingBox()
  expect(start, 'the heading is laid out').not.toBeNull()
  const viewport = page.viewportSize() ?? { width: 0, height: 0 }
  // A quarter of the way: the heading is on its way left, still pinned (not scrolled up the page).
  await page.mouse.wheel(0, viewport.height * 0.3)
  await expect
    .poll(async () => (await heading.boundingBox())?.x ?? 0, { message: 'the heading slides left' })
    .toBeLessThan((start?.x ?? 0) - viewport.width * 0.1)
  expect(
    Math.abs(((await heading.boundingBox())?.y ?? 0) - (start?.y ?? 0)),
    'the stage is pinned',
  ).toBeLessThan(viewport.height * 0.25)
  // At the end of the pin the block has risen into place, whole between the header and the bottom bar.
  await page.evaluate(() => {
    const scene = document.querySelector<HTMLElement>('.wc-pin')
    const stage = scene?.firstElementChild as HTMLElement | null
    if (!scene || !stage) return
    const rest = Number.parseFloat(getComputedStyle(stage).top) || 0
    scrollTo({ top: scene.offsetTop + scene.offsetHeight - stage.offsetHeight - rest, behavior: 'instant' })
  })
  const header = await page.getByRole('banner').boundingBox()
  const bar = await page.locator('.mobile-bar').boundingBox()
  const bottom = bar && bar.height > 0 ? bar.y : viewport.height
  await expect
    .poll(
      async () => {
        const box = await block.boundingBox()
        return box ? box.y + box.height : Number.NaN
      },
      { message: 'the block has risen, whole, above the bottom of the screen' },
    )
    .toBeLessThanOrEqual(bottom + 1)
  expect((await block.boundingBox())?.y, 'the block starts below the header').toBeGreaterThanOrEqual(
    (header?.y ?? 0) + (header?.height ?? 0) - 1,
  )
}

test.describe('Web And Cloud Solutions', () => {
  test('the heading and all eleven description lines are in the HTML before scripts run', async ({
    request,
  }) => {
    const html = await (await request.get(PATH)).text()
    expect(html).toMatch(/<h1[^>]*>Web And Cloud Solutions<\/h1>/)
    const lines = html.match(/<ol class="wc-lines__list">([\s\S]*?)<\/ol>/)?.[1] ?? ''
    expect(lines.match(/<li/g)).toHaveLength(11)
  })

  for (const [width, height] of [
    [390, 844],
    [1000, 700],
    [1440, 900],
  ] as const) {
    test(`at ${width} x ${height} the first scene pins and moves: the heading slides left, then the block rises into view`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height })
      await page.goto(PATH)
      await firstSceneMoves(page)
    })

    test(`at ${width} x ${height} without CSS scroll timelines, the first scene is static until its script has loaded, then moves`, async ({
      page,
    }) => {
      await withoutScrollTimelines(page)
      await page.setViewportSize({ width, height })
      await page.goto(PATH)
      // Before the fallback arrives the page is the static one: the block sits under the heading.
      const block = page.getByRole('heading', { level: 2 }).first()
      await expect(block).toBeVisible()
      await hydrated(page)
      // The fallback is fetched after hydration; it is running once it has set the scene's progress
      // (scrub.ts). Waiting for the network to go quiet raced it: the heading's starting place was then
      // read from the static layout, before pin.css applied.
      await page.waitForFunction(
        () => document.querySelector<HTMLElement>('.wc-pin')?.style.getPropertyValue('--wc-p') !== '',
      )
      await firstSceneMoves(page)
    })
  }

  test('without CSS scroll timelines and without scripts, the page stays static as it scrolls', async ({
    page,
  }) => {
    await withoutScrollTimelines(page)
    await page.route(/\.m?js(\?|$)/, (route) => route.abort())
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(PATH)
    const heading = page.getByRole('heading', { level: 1 })
    const before = await heading.boundingBox()
    await page.evaluate(() => scrollTo({ top: 200, behavior: 'instant' }))
    await scrollSettled(page)
    const after = await heading.boundingBox()
    expect(after?.x).toBe(before?.x)
    expect(after?.y).toBeCloseTo((before?.y ?? 0) - 200, 0)
  })

  test('under reduced motion nothing moves and every line is visible', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(PATH)
    const heading = page.getByRole('heading', { level: 1 })
    const start = (await heading.boundingBox())?.x ?? 0
    // Where scroll timelines drive the scene, a moved heading is drawn in the frame that shows the scroll.
    await page.mouse.wheel(0, 900)
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0)
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
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
      expect(await axeViolations(page)).toEqual([])
    })
})
