import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { expect, type Page, test } from '@playwright/test'
import { type SyntheticProduct, writeSyntheticProducts } from '../../bench/synthetic-products.ts'
import { pageScripts } from '../../cli/build/paint-first.ts'
import { PROJECT_ROOT } from '../../model/paths.ts'
import { freePort } from '../free-port.ts'
import { copyProject, shellEnv } from '../project-copy.ts'
import { hydrated } from './hydrated.ts'

const run = promisify(execFile)

/** More products than one menu holds (model/menu.ts, MENU_LIMIT = 24). */
const PRODUCTS = 40

/**
 * A catalogue larger than one menu holds, as a visitor finds it (issue #36): a copy of the project grown
 * with synthetic products (bench/synthetic-products.ts), built with `site build` as a release manager
 * builds it, and served by the same plain static host as the other browser tests.
 */
test.describe('a catalogue larger than one menu holds', () => {
  // One build for the file: its tests run in one worker, in order.
  test.describe.configure({ mode: 'serial' })

  let root = ''
  let client = ''
  let host: ChildProcess | undefined
  let base = ''
  let added: SyntheticProduct[] = []

  test.beforeAll(async () => {
    // Copying the project and building 40 products takes a while on a busy machine.
    test.setTimeout(300_000)
    root = await copyProject('site-e2e-scale-')
    added = await writeSyntheticProducts(path.join(root, 'content'), PRODUCTS)
    await run(process.execPath, ['bin/site.js', 'build'], { cwd: root, env: shellEnv(), maxBuffer: 64 << 20 })
    client = path.join(root, 'dist/client')
    const port = await freePort()
    host = spawn(process.execPath, ['tests/e2e/static-server.mjs', client, String(port)], {
      cwd: PROJECT_ROOT,
      stdio: 'ignore',
    })
    base = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(`${base}/`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200)
  })

  test.afterAll(async () => {
    host?.kill()
    if (root) await rm(root, { recursive: true, force: true })
  })

  async function open(page: Page, route: string) {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${base}${route}`)
    await hydrated(page)
  }

  test('every page stays the size it is with the shipped products: HTML and first-load JavaScript', async () => {
    for (const route of ['index.html', 'aboutus/index.html', 'products/szephyr/index.html']) {
      const shipped = await readFile(path.join(PROJECT_ROOT, 'dist/client', route), 'utf8')
      const grown = await readFile(path.join(client, route), 'utf8')
      // Within 2 KB; the menu of categories is in fact a little smaller than the list of 18 products.
      expect(Math.abs(grown.length - shipped.length), route).toBeLessThan(2048)
      const [before, after] = await Promise.all([
        firstLoadJs(path.join(PROJECT_ROOT, 'dist/client'), shipped),
        firstLoadJs(client, grown),
      ])
      expect(Math.abs(after - before), route).toBeLessThan(2048)
    }
  })

  test('the Products menu lists the categories with their sizes; one leads to the catalogue narrowed to it', async ({
    page,
  }) => {
    await open(page, '/')
    const header = page.getByRole('banner')
    await header.getByRole('button', { name: 'Products' }).click()
    const networking = header.getByRole('link', { name: /^Industrial networking \d+ products$/ })
    await expect(networking).toBeVisible()
    // No product is listed by name in the menu any more.
    await expect(header.getByRole('link', { name: 'SZephyr', exact: true })).toHaveCount(0)
    const size = Number(/(\d+) products/.exec((await networking.textContent()) ?? '')?.[1])
    await networking.click()
    await expect(page).toHaveURL(/\/products\?category=industrial-networking$/)
    await hydrated(page)
    await expect(page.locator('.finder__count')).toHaveText(`${size} of ${PRODUCTS} products match`)
    await expect(page.locator('.finder-card:visible')).toHaveCount(size)
  })

  test('the catalogue shows four of each category until one is chosen, then all of it', async ({ page }) => {
    // Before scripts: the HTML holds each category's first four, not the whole catalogue.
    const html = await (await fetch(`${base}/products`)).text()
    const cards = html.match(/class="finder-card"/g)?.length ?? 0
    expect(cards).toBeGreaterThan(0)
    expect(cards).toBeLessThan(PRODUCTS)
    await open(page, '/products')
    await expect(page.locator('.finder__count')).toHaveText(`All ${PRODUCTS} products`)
    const group = page.getByRole('region', { name: 'Industrial networking' })
    await expect(group.locator('.finder-card:visible')).toHaveCount(4)
    // By keyboard: the button goes once pressed, and the focus moves to the first product it brought in.
    await group.getByRole('button', { name: /^Show all \d+ Industrial networking products$/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/category=industrial-networking/)
    expect(await group.locator('.finder-card:visible').count()).toBeGreaterThan(4)
    await expect(group.locator('.finder-card').nth(4).getByRole('link')).toBeFocused()
    // A product found only after the full list loaded can be compared.
    const synthetic = added.find((p) => p.category === 'Industrial networking')
    if (!synthetic) throw new Error('no synthetic product in Industrial networking')
    await expect(group.getByRole('link', { name: synthetic.name, exact: true })).toBeVisible()
  })

  test('the warranty form loads the whole product list, and the address can still pick one', async ({
    page,
  }) => {
    const html = await (await fetch(`${base}/productregistration`)).text()
    expect(html).not.toContain(`>${added[0]?.name}<`)
    const wanted = added.at(-1)
    if (!wanted) throw new Error('no synthetic product')
    await open(page, `/productregistration?product=${wanted.slug}`)
    const product = page.getByRole('combobox', { name: /Product/ })
    await expect(product.locator('option')).toHaveCount(PRODUCTS + 1)
    await expect(product).toHaveValue(wanted.slug)
  })

  test('when the warranty form cannot fetch the product list, it says so, and try again loads it', async ({
    page,
  }) => {
    const wanted = added.at(-1)
    if (!wanted) throw new Error('no synthetic product')
    // The product list's data file, and the page's own retry of it, fail until `file.loads()`.
    const file = await failDataFile(page, 'products')
    await open(page, '/productregistration')
    const alert = page.getByRole('alert').filter({ hasText: 'The product list did not load' })
    await expect(alert).toBeVisible()
    file.loads()
    await alert.getByRole('button', { name: 'try again' }).click()
    await expect(alert).toHaveCount(0)
    await expect(page.getByRole('combobox', { name: /Product/ }).locator('option')).toHaveCount(PRODUCTS + 1)
  })

  test('the comparison loads the products it names', async ({ page }) => {
    const [a, b] = added
    if (!a || !b) throw new Error('two synthetic products needed')
    await open(page, `/compare?products=${a.slug},${b.slug}`)
    const table = page.getByRole('table')
    // Each product's column is headed by a link to its page.
    for (const p of [a, b])
      await expect(
        table.getByRole('columnheader').getByRole('link', { name: p.name, exact: true }),
      ).toBeVisible()
  })

  test('when the whole catalogue cannot be fetched, the catalogue and the comparison say so, and try again loads it', async ({
    page,
  }) => {
    const [a, b] = added
    if (!a || !b) throw new Error('two synthetic products needed')
    // The whole catalogue is a data file of its own (model/data-files.ts).
    const file = await failDataFile(page, 'catalogue')
    for (const path of ['/products', `/compare?products=${a.slug},${b.slug}`]) {
      file.fails()
      await open(page, path)
      const alert = page.getByRole('alert').filter({ hasText: 'The full list did not load' })
      await expect(alert).toBeVisible()
      file.loads()
      await alert.getByRole('button', { name: 'try again' }).click()
      await expect(alert).toHaveCount(0)
    }
    await expect(
      page.getByRole('table').getByRole('columnheader').getByRole('link', { name: a.name, exact: true }),
    ).toBeVisible()
  })

  test('a product whose name begins another product name is found first by its name', async ({ page }) => {
    const short = added.find((p) => added.some((q) => q !== p && q.name.startsWith(`${p.name}`)))
    if (!short) throw new Error('the synthetic products hold no name that begins another')
    await open(page, '/')
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: /search products/i })
    await dialog.getByRole('combobox', { name: /search products/i }).fill(short.name)
    await expect(dialog.getByRole('status')).toContainText(/results? for/)
    await expect(dialog.getByRole('option').first().locator('.search-result__title')).toHaveText(short.name)
  })
})

/**
 * Makes the data file `name` (model/data-files.ts: `/assets/data/<name>.<hash>.json`) fail to load,
 * the page's retries too, until `loads()`; `fails()` makes it fail again.
 */
async function failDataFile(page: Page, name: string): Promise<{ fails(): void; loads(): void }> {
  let failing = true
  await page.route(
    (url) => url.pathname.startsWith(`/assets/data/${name}.`),
    (route) => (failing ? route.abort() : route.continue()),
  )
  return {
    fails: () => {
      failing = true
    },
    loads: () => {
      failing = false
    },
  }
}

/** Gzipped bytes of the JavaScript a page loads first (its entry and what it preloads). */
async function firstLoadJs(client: string, html: string): Promise<number> {
  const scripts = pageScripts(html)
  if (!scripts) return 0
  let total = 0
  for (const src of [scripts.entry, ...scripts.preload])
    total += gzipSync(await readFile(path.join(client, src)), { level: 9 }).length
  return total
}
