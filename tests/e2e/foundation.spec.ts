import { expect, test } from '@playwright/test'
import { hydrated } from './hydrated.ts'

test.describe('the pre-rendered site', () => {
  test('a product page holds its name and copy in the HTML before any script runs', async ({ request }) => {
    const response = await request.get('/products/szephyr')
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h1')
    expect(html).toMatch(/SZephyr/)
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(html).toContain('<link rel="canonical" href="http')
    expect(html).toContain('"@type":"Product"')
  })

  test('the icon is the mark as an inline 32 px PNG, which a same-document navigation decodes cheaply', async ({
    request,
  }) => {
    const html = await (await request.get('/products?category=industrial-networking')).text()
    const icon =
      /<link rel="icon" href="data:image\/png;base64,([^"]+)" type="image\/png" sizes="32x32"\/>/.exec(html)
    expect(icon, 'an SVG icon is built as a document again on every filter change').not.toBeNull()
    const png = Buffer.from(icon?.[1] ?? '', 'base64')
    // The PNG header's width and height.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32])
  })

  test('every product from the catalogue is pre-rendered', async ({ request }) => {
    const catalogue = [
      'szephyr',
      'smazer',
      'smampmax',
      'smartpanel',
      'uhfradiomodem',
      'serialinterfacecards',
      'vidyuraksha_2.0',
    ]
    for (const slug of catalogue) expect((await request.get(`/products/${slug}`)).status(), slug).toBe(200)
  })

  test('the page hydrates: the Products menu opens on click', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const products = page.getByRole('button', { name: 'Products', exact: true }).first()
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await products.click()
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('link', { name: 'UHF Radio Modem' }).first()).toBeVisible()
  })

  test('production pages are hydrated by React itself (react-dom), not a compatible runtime', async ({
    page,
  }) => {
    // React's DevTools hook, React's own way for a tool to see its renderers: react-dom registers itself
    // by its package name and commits every hydrated root through it. Preact and other runtimes do not.
    await page.addInitScript(() => {
      const seen = { renderers: [] as string[], commits: 0 }
      Object.assign(window, {
        reactSeen: seen,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject(renderer: { rendererPackageName?: string; version?: string }) {
            seen.renderers.push(`${renderer.rendererPackageName}@${renderer.version}`)
            return seen.renderers.length
          },
          checkDCE() {},
          onCommitFiberRoot() {
            seen.commits++
          },
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
        },
      })
    })
    for (const route of ['/', '/products/szephyr', '/support']) {
      await page.goto(route)
      await hydrated(page)
      const seen = await page.evaluate(
        () => (window as unknown as { reactSeen: { renderers: string[]; commits: number } }).reactSeen,
      )
      expect(seen.renderers, route).toEqual([expect.stringMatching(/^react-dom@19\./)])
      expect(seen.commits, route).toBeGreaterThan(0)
    }
  })

  test('a page requests no JavaScript before its first contentful paint', async ({ page }) => {
    for (const route of ['/', '/products/szephyr', '/productenquiry/szephyr']) {
      await page.goto(route)
      await expect(page.locator('html')).not.toHaveClass(/page-loading/)
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((e) => e.name.endsWith('.js')),
      )
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => ({ name: e.name, start: e.startTime })),
      }))
      expect(timing.paint, route).toBeGreaterThan(0)
      expect(
        timing.scripts.filter((s) => s.start < timing.paint),
        route,
      ).toEqual([])
    }
  })

  test('an unknown path gets the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i)
  })

  test("client-side navigation marks the page busy while the next page's data loads", async ({ page }) => {
    await page.goto('/aboutus')
    // Client-side navigation starts once the page has hydrated; before that a link loads the page in full.
    await hydrated(page)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/*.pageContext.json', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click()
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true')
    await expect(page.locator('html')).toHaveClass(/page-loading/)
    release()
    await expect(page).toHaveURL(/\/privacy_policy$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('main')).not.toHaveAttribute('aria-busy', 'true')
    await expect(page.locator('html')).not.toHaveClass(/page-loading/)
  })

  test('a link at the bottom of a page lands on the top of the next one at once, not by scrolling through it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/aboutus')
    await hydrated(page)
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Railways', exact: true })
    await link.scrollIntoViewIfNeeded()
    await page.evaluate(() => {
      // Each position with the largest the document allowed then: a position at that limit is where
      // the old page's position was clamped by the new page's height (which may shrink in steps while
      // its sections render), not a step of a scroll.
      const seen: { y: number; max: number }[] = []
      Object.assign(window, { seen })
      addEventListener('scroll', () =>
        seen.push({ y: scrollY, max: document.documentElement.scrollHeight - innerHeight }),
      )
    })
    await link.click()
    await expect(page).toHaveURL(/\/railways$/)
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
    // The route change is over once the page is no longer arriving (lib/page-loading.ts): Vike has
    // scrolled, and smooth scrolling for in-page links is back.
    await expect(page.locator('html')).not.toHaveClass(/page-arriving/)
    // Where the old position left the new page (clamped to its height), then the top: nothing between.
    const seen = await page.evaluate(() => (window as unknown as { seen: { y: number; max: number }[] }).seen)
    expect(seen.at(-1)?.y).toBe(0)
    const between = seen.slice(0, -1).filter(({ y, max }) => y > 0 && y < max - 1)
    expect(between, 'positions short of the clamp and above the top: a scroll through the page').toEqual([])
  })
})
