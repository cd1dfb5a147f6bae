import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'
import pixelmatch from 'pixelmatch'
import sharp from 'sharp'
import { compareShots } from '../../cli/review/diff.ts'
import { reportHtml } from '../../cli/review/report-html.ts'
import { type Review, writeDifference } from '../../cli/review/review.ts'
import { percent } from '../../cli/review/share.ts'
import { axeViolations } from './axe.ts'

/**
 * The report `site review` writes (cli/review/report-html.ts), opened from a file:// URL as a release
 * manager opens it: one changed page with its three shots (tall pictures, as full pages are; made by
 * the review's own comparison and written as the review writes them), one unchanged, one added and
 * one removed.
 */
let folder = ''
const WIDTH = 360
const HEIGHT = 2400

/** An RGB picture of bands of colour, with a stripe of another shade every few rows (a page's edges). */
function picture(seed: number, changedFrom = HEIGHT, changedTo = HEIGHT): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const band = Math.floor(y / 40) + (y >= changedFrom && y < changedTo ? seed : 0)
      const edge = x % 45 === 0 || y % 40 === 0
      pixels.set(
        edge ? [20, 30, 40] : [(band * 53) % 256, (band * 97) % 256, (band * 31 + x) % 256],
        (y * WIDTH + x) * 3,
      )
    }
  return pixels
}

const png = (pixels: Buffer) =>
  sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png()
    .toBuffer()
const rgba = (pixels: Buffer) =>
  sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .ensureAlpha()
    .raw()
    .toBuffer()

const before = picture(0)
const after = picture(5, 600, 1800)

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'site-review-report-'))
  await mkdir(path.join(folder, 'images'))
  const [baseline, site] = await Promise.all([png(before), png(after)])
  const shots = { width: WIDTH, baseline: { png: baseline }, site: { png: site } }
  const difference = await compareShots({ png: baseline, hash: 'a' }, { png: site, hash: 'b' })
  const changed = await writeDifference(folder, '/products/szephyr', shots, difference)
  const review: Review = {
    routes: [
      { route: '/products/szephyr', id: 'page-products_szephyr', widths: [changed] },
      { route: '/aboutus', id: 'page-aboutus', widths: [{ width: WIDTH, changed: 0 }] },
    ],
    added: ['/products/new'],
    removed: ['/products/gone'],
    widths: [WIDTH],
    summary: `Review: 1 of 2 pages changed (1 of 2 shots); the largest: /products/szephyr at 360 px, ${percent(difference.changed)}`,
    baseline: 'dist/baseline/client',
    site: 'dist/client',
    at: '2026-11-28T00:00:00.000Z',
    report: path.join(folder, 'index.html'),
    shots: { taken: 4, known: 0 },
  }
  await writeFile(review.report, reportHtml(review))
})
test.afterAll(() => rm(folder, { recursive: true, force: true }))

for (const width of [360, 1440])
  test(`the review report at ${width} px: changed page first with its three shots, axe clean`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(pathToFileURL(path.join(folder, 'index.html')).href)
    await expect(page.getByRole('heading', { level: 1, name: 'Visual review' })).toBeVisible()
    const changed = page.getByRole('region', { name: '/products/szephyr' })
    await expect(changed.getByText(/^360 px: [\d.]+% of the pixels changed$/)).toBeVisible()
    for (const label of ['Baseline', 'New', 'Difference'])
      await expect(
        changed.getByRole('img', { name: `${label} screenshot of /products/szephyr at 360 px` }),
      ).toBeVisible()
    await expect(page.getByRole('row', { name: '/aboutus 0%' })).toBeVisible()
    await expect(page.getByText('/products/new')).toBeVisible()
    await expect(page.getByText('/products/gone')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

test('the review report by keyboard: section links, then each shot scrolls with the arrow keys', async ({
  page,
}) => {
  await page.goto(pathToFileURL(path.join(folder, 'index.html')).href)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Changed (1)', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#changed$/)
  const shot = page.getByRole('region', { name: 'Baseline, /products/szephyr at 360 px' })
  for (let i = 0; i < 10 && !(await shot.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(shot).toBeFocused()
  // Once its picture has loaded there is something to scroll (a person presses End at a picture they
  // see); pressed before, End scrolled nothing and was not pressed again.
  await expect.poll(() => shot.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  await page.keyboard.press('End')
  await expect.poll(() => shot.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
})

test("the whole page's difference draws exactly pixelmatch's overlay: the baseline in its grey, the changes in red", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 900 })
  await page.goto(pathToFileURL(path.join(folder, 'images', 'products_szephyr-360-diff.html')).href)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Difference: /products/szephyr at 360 px' }),
  ).toBeVisible()
  const overlay = page.getByRole('img', { name: /^The baseline of \/products\/szephyr at 360 px in grey/ })
  await expect
    .poll(() => overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight))
    .toBe(HEIGHT)
  await expect
    .poll(() => page.locator('img.marks').evaluate((img: HTMLImageElement) => img.complete))
    .toBe(true)
  const box = await page.locator('.layers').boundingBox()
  if (!box) throw new Error('the overlay is not shown')
  const clip = { x: Math.round(box.x), y: Math.round(box.y), width: WIDTH, height: HEIGHT }
  const shown = await sharp(await page.screenshot({ clip, fullPage: true, animations: 'disabled' }))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  expect(shown.info).toMatchObject({ width: WIDTH, height: HEIGHT })
  const full = Buffer.alloc(WIDTH * HEIGHT * 4)
  const count = pixelmatch(await rgba(before), await rgba(after), full, WIDTH, HEIGHT, {
    checkerboard: false,
  })
  expect(count).toBeGreaterThan(0)
  // The browser's filter rounds where pixelmatch cuts off: one level apart at most.
  let furthest = 0
  for (let i = 0; i < full.length; i++)
    furthest = Math.max(furthest, Math.abs((full[i] as number) - (shown.data[i] as number)))
  expect(furthest).toBeLessThanOrEqual(1)
  // The grey is not white: the baseline shows through it.
  expect(new Set(shown.data.subarray(0, WIDTH * 40 * 4)).size).toBeGreaterThan(2)
})

test("the whole page's difference by keyboard, axe clean: its link goes back to the page's section", async ({
  page,
}) => {
  await page.goto(pathToFileURL(path.join(folder, 'images', 'products_szephyr-360-diff.html')).href)
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('Tab')
  const back = page.getByRole('link', { name: 'Back to /products/szephyr in the report' })
  await expect(back).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/index\.html#page-products_szephyr$/)
  await expect(page.getByRole('heading', { level: 3, name: '/products/szephyr' })).toBeInViewport()
})
