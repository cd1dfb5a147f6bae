import { expect, type Page, test } from '@playwright/test'
import { SERVE_PORT } from '../../playwright.config.ts'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'

async function open(page: Page, path = '/', width = 1440) {
  await page.setViewportSize({ width, height: 900 })
  await page.goto(path)
  await hydrated(page)
}

const dialog = (page: Page) => page.getByRole('dialog', { name: /search products/i })
const input = (page: Page) => dialog(page).getByRole('combobox', { name: /search products/i })
const results = (page: Page) =>
  dialog(page).getByRole('listbox', { name: 'Search results' }).getByRole('option')

/** Opens the dialog from the header button and types a query. */
async function search(page: Page, query: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
  await input(page).fill(query)
}

/**
 * The result headings, in order, once results for the query now in the input have arrived: the
 * results of the previous query stay on screen until then, so seeing a result is not enough.
 */
async function titles(page: Page) {
  const query = await input(page).inputValue()
  await expect(dialog(page).getByRole('status')).toContainText(new RegExp(`results? for “${query}”`))
  return results(page).locator('.search-result__title').allTextContents()
}

test.describe('site search', () => {
  test('the page ships a search button and loads neither the dialog nor the index until it is used', async ({
    page,
  }) => {
    const requested: string[] = []
    page.on('request', (r) => requested.push(new URL(r.url()).pathname))
    const html = await (await page.request.get('/')).text()
    expect(html).toMatch(/<button[^>]*class="site-header__search"/)
    expect(html).not.toContain('pagefind')
    await open(page)
    expect(requested.filter((p) => p.startsWith('/pagefind/'))).toEqual([])
    const before = requested.length
    await search(page, 'SmampMax')
    await expect(results(page).first()).toContainText('SmampMax')
    const after = requested.slice(before)
    expect(after).toContain('/pagefind/pagefind.js')
    expect(after.some((p) => /\/assets\/chunks\/.+\.js$/.test(p))).toBe(true)
  })

  test('real queries put the right products first', async ({ page }) => {
    await open(page)
    await search(page, 'RS-485')
    expect((await titles(page)).slice(0, 2).sort()).toEqual([
      'Compact Multi Sensor Industrial Control System',
      'Miniature Multi Sensor Control System',
    ])
    await input(page).fill('L2 managed')
    await expect(results(page).first()).toContainText('L2 Managed')
    expect((await titles(page)).slice(0, 3).sort()).toEqual([
      'Industrial Rugged 16-Port L2 Managed Switch',
      'Industrial Rugged 24-Port L2 Managed Switch',
      'Industrial Rugged 8-Port L2 Managed Switch',
    ])
    await input(page).fill('glow wire')
    await expect(results(page).first()).toContainText('SZephyr')
    // The snippet highlights what matched; each product result has its category and image.
    await expect(
      results(page)
        .first()
        .locator('mark', { hasText: /^glow$/i })
        .first(),
    ).toBeVisible()
    await expect(results(page).first()).toContainText('Smart home')
    await expect(results(page).first().locator('img')).toHaveAttribute('src', /\/media\/Header\/szephyr/)
  })

  test('a brochure title leads to the brochure, and the product name to the product', async ({ page }) => {
    await open(page)
    await search(page, 'OFES')
    await expect(results(page).first()).toHaveAttribute('href', '/brochures/IN_OFES_V2')
    await expect(results(page).first()).toContainText(
      'Brochure · Ethernet Ring based Protocol Media Convertor',
    )
    await input(page).fill('Kavach')
    await expect(results(page).first()).toHaveAttribute('href', '/brochures/KavachHealthMonitoring')
    await input(page).fill('UHF Radio Modem')
    await expect(results(page).first()).toHaveAttribute('href', '/products/uhfradiomodem')
  })

  test('a misspelling is offered its correction, which finds the product', async ({ page }) => {
    await open(page)
    await search(page, 'geysr')
    await expect(dialog(page).getByRole('status')).toContainText('No results for “geysr”')
    await expect(dialog(page).getByRole('button', { name: 'geyser' })).toBeVisible()
    // In a longer query the other words still find something, and the correction is offered too.
    await input(page).fill('smart geysr')
    await expect(results(page).first()).toBeVisible()
    await dialog(page).getByRole('button', { name: 'smart geyser' }).click()
    await expect(input(page)).toHaveValue('smart geyser')
    await expect(input(page)).toBeFocused()
    expect((await titles(page))[0]).toBe('Smazer')
  })

  test('keyboard only: / opens, arrows choose, Enter goes there without a full load, Escape returns focus', async ({
    page,
  }) => {
    await open(page)
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })
    await button.focus()
    await page.keyboard.press('Escape')
    await page.keyboard.press('/')
    await expect(input(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await expect(button).toBeFocused()

    await page.keyboard.press('Control+k')
    await expect(input(page)).toBeFocused()
    await page.keyboard.type('switch')
    await expect(results(page).first()).toBeVisible()
    await expect(results(page).first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true')
    await expect(input(page)).toHaveAttribute(
      'aria-activedescendant',
      (await results(page).nth(1).getAttribute('id')) ?? '',
    )
    const target = (await results(page).nth(1).getAttribute('href')) ?? ''
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(target)
    await expect(dialog(page)).toHaveCount(0)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  // Issue #34 point 2: documentation search dialogs and command palettes close on one Escape.
  test('one Escape closes the dialog from any state, and it has one close control', async ({ page }) => {
    await open(page)
    const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })
    const states: [string, () => Promise<void>][] = [
      ['just opened', async () => {}],
      ['with text typed', () => input(page).fill('smam')],
      [
        'with results shown',
        async () => {
          await input(page).fill('SmampMax')
          await expect(results(page).first()).toContainText('SmampMax')
        },
      ],
      [
        'with a suggestion focused',
        async () => {
          await input(page).fill('geysr')
          await dialog(page).getByRole('button', { name: 'geyser' }).focus()
        },
      ],
    ]
    for (const [state, reach] of states) {
      await button.click()
      await expect(input(page)).toBeFocused()
      await reach()
      await page.keyboard.press('Escape')
      await expect(dialog(page), state).toHaveCount(0)
      await expect(button, state).toBeFocused()
    }

    await button.click()
    await input(page).fill('SmampMax')
    await expect(results(page).first()).toBeVisible()
    // One control closes the dialog; the field draws no clear button of its own beside it (a native
    // search field does, and takes the first Escape to clear itself).
    await expect(dialog(page).getByRole('button')).toHaveText(['Close search'])
    await expect(input(page)).not.toHaveAttribute('type', 'search')
  })

  test('the same query gives the same results after a full load and after client-side navigation', async ({
    page,
  }) => {
    await open(page, '/products/smazer')
    await search(page, 'geyser')
    const full = await titles(page)
    await page.keyboard.press('Escape')
    await open(page)
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    await page.getByRole('link', { name: 'About Us' }).first().click()
    await expect(page).toHaveURL('/aboutus')
    await search(page, 'geyser')
    expect(await titles(page)).toEqual(full)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('when the dialog cannot be fetched, the page stays, says so, and the next open works, styled', async ({
    page,
  }) => {
    // Offline for the dialog's script and stylesheet, under any URL (a retry adds a query string).
    let offline = true
    await page.route(
      (url) => /\.(js|css)$/.test(url.pathname),
      async (route) => {
        const response = await route.fetch()
        const body = await response.text()
        if (offline && /Search products|search-dialog/.test(body)) return route.abort()
        return route.fulfill({ response })
      },
    )
    await open(page)
    const button = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })
    await button.click()
    await expect(page.getByRole('status').filter({ hasText: 'Search could not load' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(dialog(page)).toHaveCount(0)

    offline = false
    await button.click()
    await input(page).fill('SmampMax')
    await expect(results(page).first()).toContainText('SmampMax')
    // Its stylesheet came too: the browser's own dialog has a 1em padding and a border, ours neither.
    await expect
      .poll(() =>
        dialog(page).evaluate((el) => {
          const style = getComputedStyle(el)
          return { padding: style.paddingTop, border: style.borderTopWidth }
        }),
      )
      .toEqual({ padding: '0px', border: '0px' })
  })

  test('the mobile menu has a Search item that opens the dialog', async ({ page }) => {
    await open(page, '/', 400)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Search' }).click()
    await expect(input(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
  })

  for (const width of [400, 1440])
    test(`passes axe with the dialog open and showing results at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await open(page, '/', width)
      await page.keyboard.press('/')
      await input(page).fill('fibre')
      await expect(results(page).first()).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await input(page).fill('zzzzqqq')
      await expect(dialog(page).getByRole('status')).toContainText('No results')
      expect(await axeViolations(page)).toEqual([])
    })

  test('works under the Content-Security-Policy that site serve sends', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text())
    })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`http://127.0.0.1:${SERVE_PORT}/`)
    await hydrated(page)
    await search(page, 'UHF')
    expect((await titles(page))[0]).toBe('UHF Radio Modem')
    expect(violations).toEqual([])
  })
})
