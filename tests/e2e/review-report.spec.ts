import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { reportHtml } from '../../cli/review/report-html.ts'
import type { Review } from '../../cli/review/review.ts'
import { axeViolations } from './axe.ts'

/**
 * The report `site review` writes (cli/review/report-html.ts), opened from a file:// URL as a release
 * manager opens it: one changed page with its three shots (tall pictures, as full pages are), one
 * unchanged, one added and one removed.
 */
let folder = ''
test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'site-review-report-'))
  await mkdir(path.join(folder, 'images'))
  const png = (r: number) =>
    sharp({ create: { width: 360, height: 2400, channels: 3, background: { r, g: 200, b: 220 } } })
      .png()
      .toBuffer()
  const files = {
    baseline: 'images/a-360-baseline.png',
    site: 'images/a-360-new.png',
    overlay: 'images/a-360-diff.png',
  }
  for (const [i, file] of Object.values(files).entries())
    await writeFile(path.join(folder, file), await png(i * 60))
  const review: Review = {
    routes: [
      {
        route: '/products/szephyr',
        id: 'page-products_szephyr',
        widths: [
          { width: 360, changed: 0.0421, files, band: { top: 0, bottom: 2400, height: 2400, ...files } },
        ],
      },
      { route: '/aboutus', id: 'page-aboutus', widths: [{ width: 360, changed: 0 }] },
    ],
    added: ['/products/new'],
    removed: ['/products/gone'],
    widths: [360],
    summary: 'Review: 1 of 2 pages changed (1 of 2 shots); the largest: /products/szephyr at 360 px, 4.21%',
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
    await expect(changed.getByText('360 px: 4.21% of the pixels changed')).toBeVisible()
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
