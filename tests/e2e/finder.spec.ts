// The product finder and comparison (issue #33), driven as a buyer would: filter, compare, share, go back.
import { chromium, expect, type Page, test } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../chromium.ts'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'

const SWITCHES = {
  eight: 'industrialrugged8portl2managedswitch',
  sixteen: 'industrialrugged16portl2managedswitch',
  unmanaged: 'industrialrugged16portunmanagedswitch',
  twentyFour: 'industrialrugged24portl2managedswitch',
}
const SIXTEEN = 'Industrial Rugged 16-Port L2 Managed Switch'

async function open(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.goto(path)
  await hydrated(page)
}

/**
 * The filter form, once it can act (it is disabled until the page has hydrated); on a screen under
 * 900 px the filters are folded behind their button, which this opens.
 */
async function filters(page: Page) {
  const form = page.getByRole('form', { name: 'Filter' })
  if ((page.viewportSize()?.width ?? 0) < 900) {
    const fold = form.getByRole('button', { name: /^Filter/ })
    await fold.click()
    await expect(fold).toHaveAttribute('aria-expanded', 'true')
  }
  await expect(form.getByRole('radio', { name: /All categories/ })).toBeEnabled()
  return form
}

const count = (page: Page) => page.locator('output.finder__count')
const productLinks = (page: Page) => page.locator('.finder-card:visible h3 a')

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  )
}

test.describe('the catalogue without scripts', () => {
  test('the HTML lists every product by category with its facts, and tells search engines the list', async ({
    request,
  }) => {
    const html = await (await request.get('/products')).text()
    expect(html.match(/class="finder-card"/g)).toHaveLength(18)
    expect(html).toContain('<h2 id="group-industrial-networking">Industrial networking</h2>')
    expect(html).toContain(`<a href="/products/${SWITCHES.sixteen}">${SIXTEEN}</a>`)
    expect(html).toMatch(/<dt>PoE per port<\/dt><dd>30 W<\/dd>/)
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? '{}'),
    )
    const list = ld.find((item) => item['@type'] === 'ItemList')
    expect(list.numberOfItems).toBe(18)
    expect(list.itemListElement[11]).toMatchObject({ position: 12, name: SIXTEEN })
    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toMatch(/<loc>[^<]*\/products<\/loc>/)
    expect(sitemap).not.toContain('/compare')
  })

  test('with JavaScript off: the grouped list with every product linked, the filters hidden, a note why', async ({
    baseURL,
  }) => {
    // A browser with scripting off, as a visitor's: Playwright's javaScriptEnabled: false still parses
    // <noscript> as if scripts ran, so it could not show what such a visitor sees.
    const browser = await chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, '--blink-settings=scriptEnabled=false'],
    })
    const context = await browser.newContext({
      ...(baseURL ? { baseURL } : {}),
      viewport: { width: 360, height: 800 },
    })
    const page = await context.newPage()
    await page.goto('/products')
    await expect(page.locator('.finder-card h3 a')).toHaveCount(18)
    await expect(page.getByRole('heading', { name: 'Smart home', level: 2 })).toBeVisible()
    // getByText skips <noscript>, whatever the browser does with it; the paragraph is found by its text.
    await expect(page.locator('p', { hasText: 'Filtering and comparing need JavaScript.' })).toBeVisible()
    await expect(page.getByRole('form', { name: 'Filter' })).toBeHidden()
    await page.goto('/compare?products=a,b')
    await expect(page.locator('p', { hasText: 'The comparison needs JavaScript.' })).toBeVisible()
    // Not the prompt to tick "Compare" in the catalogue: that needs scripts too.
    await expect(page.locator('.compare__prompt')).toBeHidden()
    await browser.close()
  })
})

for (const width of [360, 1440]) {
  test.describe(`a buyer at ${width} px`, () => {
    test('filters to managed, 16 ports, PoE and gets exactly the 16-port managed switch; the URL keeps the view', async ({
      page,
    }) => {
      await open(page, '/products', width)
      const form = await filters(page)
      await expect(count(page)).toHaveText('All 18 products')
      await form.getByRole('radio', { name: /Industrial networking/ }).check()
      await expect(count(page)).toHaveText('6 of 18 products match')
      const ports = form.getByRole('group', { name: 'Copper Ethernet ports' })
      await ports.getByLabel('At least').selectOption('16')
      await ports.getByLabel('At most').selectOption('16')
      await expect(count(page)).toHaveText('2 of 18 products match')
      await form.getByRole('checkbox', { name: 'Managed', exact: true }).check()
      await form.getByRole('checkbox', { name: 'PoE', exact: true }).check()
      await expect(count(page)).toHaveText('1 of 18 products match')
      await expect(productLinks(page)).toHaveText([SIXTEEN])
      await noSidewaysScroll(page)
      await expect(page).toHaveURL(/category=industrial-networking&copperPorts=16..16&managed=yes&poe=yes$/)

      // Shared: the same URL in a new page gives the same view.
      const shared = await page.context().newPage()
      await open(shared, page.url().replace(/^https?:\/\/[^/]+/, ''), width)
      await filters(shared)
      await expect(productLinks(shared)).toHaveText([SIXTEEN])
      await expect(shared.getByRole('checkbox', { name: 'PoE', exact: true })).toBeChecked()
      await shared.close()

      // Back: a product, then the Back button returns to the filtered list; once more, one filter less.
      await productLinks(page).first().click()
      await expect(page).toHaveURL(new RegExp(`/products/${SWITCHES.sixteen}$`))
      await page.goBack()
      await expect(page).toHaveURL(/poe=yes$/)
      await expect(productLinks(page)).toHaveText([SIXTEEN])
      await page.goBack()
      await expect(page).toHaveURL(/managed=yes$/)
      // On a phone the filters are folded again, and their button counts one fewer.
      await expect(
        page.getByRole('checkbox', { name: 'PoE', exact: true, includeHidden: true }),
      ).not.toBeChecked()
      if (width < 900)
        await expect(page.getByRole('button', { name: /^Filter/ })).toHaveText('Filter (3 active)')
      await expect(productLinks(page)).toHaveText([SIXTEEN])
    })

    test('compares the 8-, 16- and 24-port switches: the differing rows, only differences, the shared URL', async ({
      page,
    }) => {
      const url = `/compare?products=${SWITCHES.eight},${SWITCHES.sixteen},${SWITCHES.twentyFour}`
      await open(page, url, width)
      const table = page.getByRole('table')
      const headers = table.getByRole('columnheader')
      await expect(headers.getByRole('link', { name: /^Industrial/ })).toHaveText([
        'Industrial Rugged 8-Port L2 Managed Switch',
        SIXTEEN,
        'Industrial Rugged 24-Port L2 Managed Switch',
      ])
      const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) })
      await expect(row('Copper Ethernet ports differs').getByRole('cell')).toHaveText(['8', '16', '24'])
      await expect(row('PoE per port differs').getByRole('cell')).toHaveText(['—not stated', '30 W', '90 W'])
      await expect(row('Ingress protection differs').getByRole('cell')).toHaveText([
        '—not stated',
        'IP67',
        'IP68',
      ])
      await expect(row('Operating temperature').getByRole('cell')).toHaveText([
        '−40 to +75 °C',
        '−40 to +75 °C',
        '−40 to +75 °C',
      ])
      await noSidewaysScroll(page)

      await page.getByRole('checkbox', { name: /Only differences/ }).check()
      await expect(row('Operating temperature')).toHaveCount(0)
      await expect(page).toHaveURL(/only=differences$/)
      const shared = await page.context().newPage()
      await open(shared, page.url().replace(/^https?:\/\/[^/]+/, ''), width)
      await expect(shared.getByRole('checkbox', { name: /Only differences/ })).toBeChecked()
      await expect(shared.getByRole('row', { name: /^Operating temperature/ })).toHaveCount(0)
      await expect(shared.getByRole('row', { name: /^Copper Ethernet ports differs/ })).toHaveCount(1)
      await shared.close()

      // The enquiry for one of them is one click away.
      await page.getByRole('link', { name: `Enquire about ${SIXTEEN}` }).click()
      await expect(page).toHaveURL(new RegExp(`/productenquiry/${SWITCHES.sixteen}$`))
    })

    test('axe finds nothing on the catalogue, filtered, and on the comparison', async ({ page }) => {
      await open(page, '/products', width)
      const form = await filters(page)
      await form.getByRole('radio', { name: /Industrial networking/ }).check()
      await form.getByRole('checkbox', { name: 'Managed', exact: true }).check()
      await expect(count(page)).toHaveText('4 of 18 products match')
      expect(await axeViolations(page)).toEqual([])
      await open(page, `/compare?products=${SWITCHES.eight},${SWITCHES.sixteen}`, width)
      await expect(page.getByRole('table')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test('on a phone the filters fold away from the first paint: the list starts in the first screen, Filter opens them, Show N products returns to the list', async ({
  page,
}) => {
  // Before any script runs (every script refused, so <noscript> does not apply): folded by CSS alone.
  await page.setViewportSize({ width: 360, height: 800 })
  await page.route('**/*.js', (route) => route.abort())
  await page.goto('/products')
  const form = page.getByRole('form', { name: 'Filter' })
  const fold = form.getByRole('button', { name: /^Filter/ })
  await expect(fold).toBeVisible()
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await expect(form.getByRole('radio', { name: /All categories/ })).toBeHidden()
  await expect(productLinks(page).first()).toBeInViewport()
  await page.unroute('**/*.js')

  await open(page, '/products', 360)
  await expect(productLinks(page).first()).toBeInViewport()
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await fold.click()
  await expect(fold).toHaveAttribute('aria-expanded', 'true')
  await form.getByRole('radio', { name: /Industrial networking/ }).check()
  await form.getByRole('checkbox', { name: 'Managed', exact: true }).check()
  await expect(fold).toHaveText('Filter (2 active)')
  await form.getByRole('button', { name: 'Show 4 products' }).click()
  await expect(fold).toHaveAttribute('aria-expanded', 'false')
  await expect(fold).toBeFocused()
  await expect(form.getByRole('radio', { name: /All categories/ })).toBeHidden()
  await expect(count(page)).toHaveText('4 of 18 products match')
  await expect(count(page)).toBeInViewport()
  expect(await axeViolations(page)).toEqual([])
})

test('filters that match nothing say so, and one button clears them', async ({ page }) => {
  await open(page, '/products', 1440)
  const form = await filters(page)
  await form.getByRole('radio', { name: /Industrial networking/ }).check()
  const ports = form.getByRole('group', { name: 'Copper Ethernet ports' })
  await ports.getByLabel('At least').selectOption('24')
  await ports.getByLabel('At most').selectOption('8')
  await expect(count(page)).toHaveText('0 of 18 products match')
  const note = page.getByText('No product matches all of these filters.')
  await expect(note).toBeVisible()
  await page.locator('.finder__results').getByRole('button', { name: 'Clear all filters' }).click()
  await expect(count(page)).toHaveText('All 18 products')
  await expect(note).toHaveCount(0)
  await expect(page).toHaveURL(/\/products$/)
})

test('the comparison adds a product only when asked, and a removed column hands the focus to where one is added', async ({
  page,
}) => {
  await open(page, `/compare?products=${SWITCHES.eight},${SWITCHES.sixteen}`, 1440)
  const headers = page.getByRole('table').getByRole('columnheader')
  await expect(headers).toHaveCount(2)
  const add = page.getByLabel('Add a product')
  await add.focus()
  // Arrow keys on a closed select change its value (and fire change) in several browsers: nothing is added.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(add).not.toHaveValue('')
  await expect(headers).toHaveCount(2)
  await add.selectOption(SWITCHES.twentyFour)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(headers).toHaveCount(3)
  await expect(page).toHaveURL(
    new RegExp(`products=${SWITCHES.eight},${SWITCHES.sixteen},${SWITCHES.twentyFour}$`),
  )
  await expect(add).toHaveValue('')
  await page.getByRole('button', { name: `Remove ${SIXTEEN}` }).click()
  await expect(headers).toHaveCount(2)
  await expect(add).toBeFocused()
})

test('on a wide screen the filters stay open beside the list, with nothing to fold them', async ({
  page,
}) => {
  await open(page, '/products', 1440)
  const form = await filters(page)
  await expect(form.getByRole('radio', { name: /All categories/ })).toBeVisible()
  await expect(form.getByRole('button', { name: /^Filter/ })).toBeHidden()
  await expect(form.getByRole('button', { name: /^Show \d+ products?$/ })).toBeHidden()
  await expect(form.getByRole('heading', { name: 'Filter', level: 2 })).toBeVisible()
})

test('by keyboard alone: filter, choose two to compare, read the comparison and reach an enquiry', async ({
  page,
}) => {
  await open(page, '/products', 1440)
  await filters(page)
  // From the top of the page, Tab reaches the filters after the header.
  const all = page.getByRole('radio', { name: /All categories/ })
  for (let i = 0; i < 40 && !(await all.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(all).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: /Industrial networking/ })).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(
    page.getByRole('group', { name: 'Copper Ethernet ports' }).getByLabel('At least'),
  ).toBeFocused()
  await page.keyboard.type('16')
  await page.keyboard.press('Tab')
  await page.keyboard.type('16')
  await expect(count(page)).toHaveText('2 of 18 products match')
  const managed = page.getByRole('checkbox', { name: 'Managed', exact: true })
  for (let i = 0; i < 10 && !(await managed.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(count(page)).toHaveText('1 of 18 products match')
  await page.getByRole('button', { name: 'Clear all filters' }).focus()
  await page.keyboard.press('Enter')
  await expect(count(page)).toHaveText('All 18 products')

  for (const slug of [SWITCHES.sixteen, SWITCHES.twentyFour]) {
    const box = page.locator(`.finder-card:has(a[href="/products/${slug}"])`).getByRole('checkbox')
    await box.focus()
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
  }
  const go = page.getByRole('link', { name: 'Compare 2 products' })
  await go.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/compare\\?products=${SWITCHES.sixteen},${SWITCHES.twentyFour}$`))
  await hydrated(page)
  const only = page.getByRole('checkbox', { name: /Only differences/ })
  await only.focus()
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/only=differences$/)
  const enquire = page.getByRole('link', { name: `Enquire about ${SIXTEEN}` })
  await enquire.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/productenquiry/${SWITCHES.sixteen}$`))
})

test('a product page shows its facts in the specification table and compares it with its family', async ({
  page,
}) => {
  await open(page, `/products/${SWITCHES.sixteen}`, 1440)
  const specs = page.getByRole('table', { name: 'Technical specifications' })
  await expect(specs.getByRole('row', { name: /^Copper Ethernet ports/ }).getByRole('cell')).toHaveText('16')
  await expect(specs.getByRole('row', { name: /^PoE per port/ }).getByRole('cell')).toHaveText('30 W')
  await page.getByRole('link', { name: 'Compare with 3 other industrial networking products' }).click()
  await expect(page).toHaveURL(
    `/compare?products=${SWITCHES.sixteen},${SWITCHES.unmanaged},${SWITCHES.eight},${SWITCHES.twentyFour}`,
  )
  await hydrated(page)
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(4)
})
