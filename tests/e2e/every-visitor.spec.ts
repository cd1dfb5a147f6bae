// Issue #43, with scripts: the keyboard never loses its place, the finder's shared facts filter the
// whole catalogue and its picks survive Back and reload, two products fit a phone, and a warranty
// activation keeps its reference on the page. (Without scripts: tests/e2e/no-script.spec.ts.)
import { expect, type Page, test } from '@playwright/test'
import { SERVE_PORT } from '../../playwright.config.ts'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'

const EIGHT = 'industrialrugged8portl2managedswitch'
const SIXTEEN = 'industrialrugged16portl2managedswitch'
const TWENTY_FOUR = 'industrialrugged24portl2managedswitch'

async function open(page: Page, path: string, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height })
  await page.goto(path)
  await hydrated(page)
}

/**
 * The focused element, named by its tag, accessible text and place in the document, and what covers it
 * when nothing of it shows: the topmost element at its centre and at four points just inside its
 * corners, none of them the element or inside it. Undefined when the page itself has the focus.
 */
function coveredFocus(): { name: string; under?: string } | undefined {
  const el = document.activeElement
  if (!el || el === document.body || el === document.documentElement) return undefined
  const all = [...document.querySelectorAll(el.tagName)]
  const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" #${all.indexOf(el)}`
  const r = el.getBoundingClientRect()
  const inset = (a: number, b: number) => [a + Math.min(3, (b - a) / 2), b - Math.min(3, (b - a) / 2)]
  const [left, right] = inset(r.left, r.right) as [number, number]
  const [top, bottom] = inset(r.top, r.bottom) as [number, number]
  const points = [
    [(left + right) / 2, (top + bottom) / 2],
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ] as const
  const over = points.map(([x, y]) =>
    x < 0 || y < 0 || x >= innerWidth || y >= innerHeight ? null : document.elementFromPoint(x, y),
  )
  if (over.some((hit) => hit && (hit === el || el.contains(hit)))) return { name }
  const cover = over.find(Boolean)
  const under = cover
    ? `${cover.tagName.toLowerCase()}.${[...cover.classList].join('.')}`
    : 'the edge of the screen'
  return { name, under }
}

test.describe('by keyboard alone', () => {
  test('at 390 px Tab past the last link of the open menu closes it: focus never works behind it', async ({
    page,
  }) => {
    await open(page, '/railways', 390, 844)
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const mobile = page.getByRole('navigation', { name: 'Mobile' })
    const last = mobile.getByRole('link', { name: 'Contact Us' })
    // Tab through the menu to its last link: every stop is inside the menu.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      if (await last.evaluate((el) => el === document.activeElement)) break
      expect(await mobile.evaluate((nav) => nav.contains(document.activeElement))).toBe(true)
    }
    await expect(last).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(mobile).toBeHidden()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
    // Shift+Tab from the first entry goes back to the Menu button, which keeps the menu open.
    await menu.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    await expect(menu).toBeFocused()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
  })

  test('a menu opened before the header hydrates keeps the focus and stays open when its button takes over', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    // The scripts are held back, as on a slow connection, until the menu has been opened without them.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/**/*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByText('Products', { exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(nav.getByRole('link', { name: 'Smart Panel Board' })).toBeVisible()
    release()
    await hydrated(page)
    const button = nav.getByRole('button', { name: 'Products' })
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('on /compare, Add keeps the focus on the product list, and on the new column once it is full', async ({
    page,
  }) => {
    await open(page, `/compare?products=${EIGHT},${SIXTEEN}`, 1440)
    const list = page.getByLabel('Add a product')
    const add = page.getByRole('button', { name: 'Add', exact: true })
    await list.selectOption(TWENTY_FOUR)
    await add.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3)
    await expect(add).toBeDisabled()
    // And it looks it: a disabled button is faded, not drawn like one that works.
    expect(Number(await add.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1)
    await expect(list).toBeFocused()
    await list.selectOption('industrialrugged16portunmanagedswitch')
    await add.focus()
    await page.keyboard.press('Enter')
    await expect(list).toBeDisabled()
    await expect(
      page
        .getByRole('columnheader')
        .getByRole('link', { name: 'Industrial Rugged 16-Port Unmanaged Switch', exact: true }),
    ).toBeFocused()
  })

  // WCAG 2.4.11: a focused element is never wholly hidden under the sticky header, the product page's
  // step bar, the mobile bottom bar or the catalogue's compare bar (pages/global.css, scroll-padding).
  for (const { path, width, chosen } of [
    { path: '/', width: 375 },
    { path: '/', width: 1366 },
    { path: '/products', width: 375, chosen: true },
    { path: '/products', width: 1366, chosen: true },
    { path: '/products/szephyr', width: 1100 },
    { path: '/products/szephyr', width: 1366 },
    { path: '/aboutus', width: 375 },
  ])
    test(`at ${width} px on ${path}${chosen ? ' with products chosen' : ''}, no Tab or Shift+Tab stop is hidden under a bar`, async ({
      page,
    }) => {
      // Focus scrolls at once, as for a visitor who asks for less motion: each stop is measured where it rests.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      if (chosen) {
        await open(page, path, width, 800)
        await page.getByRole('checkbox', { name: 'Compare SZephyr' }).check()
        await page.getByRole('checkbox', { name: 'Compare Smazer' }).check()
        await expect(page.getByRole('link', { name: 'Compare 2 products' })).toBeVisible()
      }
      const hidden: string[] = []
      for (const key of ['Tab', 'Shift+Tab']) {
        // From a fresh page with nothing focused (the choices stay): Tab starts at the top, Shift+Tab at the end.
        await open(page, path, width, 800)
        if (chosen) await expect(page.getByRole('link', { name: 'Compare 2 products' })).toBeVisible()
        await page.evaluate(
          (end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0),
          key !== 'Tab',
        )
        const seen = new Set<string>()
        for (let stop = 0; stop < 200; stop++) {
          await page.keyboard.press(key)
          // Two frames: a style the focus starts (the skip link's place) has been painted.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          )
          const found = await page.evaluate(coveredFocus)
          // Past the last stop the focus leaves the page (for the browser's own controls): the pass is done.
          if (!found) {
            if (seen.size) break
            continue
          }
          if (seen.has(found.name)) break
          seen.add(found.name)
          if (found.under) hidden.push(`${key} to ${found.name}: under ${found.under}`)
        }
        expect(seen.size, `${key} reached the page's controls`).toBeGreaterThan(10)
      }
      expect(hidden).toEqual([])
    })

  test('on /products, Clear hands the focus to the first product chosen, and Clear all filters to the first filter', async ({
    page,
  }) => {
    await open(page, '/products', 1440)
    await page.getByRole('checkbox', { name: 'Compare SZephyr' }).check()
    await page.getByRole('checkbox', { name: 'Compare Smazer' }).check()
    await page.getByRole('button', { name: 'Clear', exact: true }).press('Enter')
    await expect(page.getByRole('button', { name: 'Clear', exact: true })).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: 'Compare SZephyr' })).toBeFocused()

    const form = page.getByRole('form', { name: 'Filter' })
    await form.getByRole('checkbox', { name: 'PoE', exact: true }).check()
    const clearAll = form.getByRole('button', { name: 'Clear all filters' })
    await clearAll.press('Enter')
    await expect(clearAll).toBeDisabled()
    await expect(form.getByRole('radio', { name: /All categories/ })).toBeFocused()
  })
})

test.describe('the finder', () => {
  test('ports, PoE, temperature and mounting filter the whole catalogue without choosing a category', async ({
    page,
  }) => {
    await open(page, '/products', 1440)
    const form = page.getByRole('form', { name: 'Filter' })
    await expect(form.getByRole('radio', { name: /All categories/ })).toBeChecked()
    for (const name of ['Copper Ethernet ports', 'Operating temperature', 'Mounting'])
      await expect(form.getByRole('group', { name })).toBeVisible()
    await form.getByRole('checkbox', { name: 'PoE', exact: true }).check()
    const count = page.locator('output.finder__count')
    await expect(count).toHaveText('3 of 18 products match')
    await expect(page).toHaveURL(/\/products\?poe=yes$/)
    await form.getByRole('checkbox', { name: 'PoE', exact: true }).uncheck()
    // The embedded PC's two Ethernet ports count with the switches' ports.
    await form.getByRole('group', { name: 'Copper Ethernet ports' }).getByLabel('At least').selectOption('2')
    await expect(page.locator('.finder-card:visible h3 a')).toContainText(['Embedded PC'])
    await expect(count).toHaveText('6 of 18 products match')
  })

  test('the products chosen for comparison survive Back from the comparison and a reload', async ({
    page,
  }) => {
    await open(page, '/products?category=industrial-networking', 1440)
    await page.getByRole('checkbox', { name: 'Compare Industrial Rugged 8-Port L2 Managed Switch' }).check()
    await page.getByRole('checkbox', { name: 'Compare Industrial Rugged 24-Port L2 Managed Switch' }).check()
    await page.getByRole('link', { name: 'Compare 2 products' }).click()
    await expect(page).toHaveURL(new RegExp(`/compare\\?products=${EIGHT},${TWENTY_FOUR}$`))
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(2)
    await page.goBack()
    await expect(page).toHaveURL(/\/products\?category=industrial-networking$/)
    const ticked = page.getByRole('checkbox', { checked: true })
    await expect(ticked).toHaveCount(2)
    await expect(page.getByText('2 of 4 chosen')).toBeVisible()
    await page.reload()
    await hydrated(page)
    await expect(ticked).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'Compare 2 products' })).toHaveAttribute(
      'href',
      `/compare?products=${EIGHT},${TWENTY_FOUR}`,
    )
  })

  test('two products side by side fit 360 px without sideways scrolling', async ({ page }) => {
    await open(page, `/compare?products=${SIXTEEN},industrialrugged16portunmanagedswitch`, 360, 780)
    const region = page.getByRole('region', { name: /Side by side/ })
    await expect(region.getByRole('columnheader')).toHaveCount(2)
    const { scroll, client } = await region.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }))
    expect(scroll).toBeLessThanOrEqual(client)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expect(await axeViolations(page)).toEqual([])
  })
})

test('a warranty activation keeps its reference on the page after the toast, with the focus on it', async ({
  page,
}) => {
  await open(page, `http://127.0.0.1:${SERVE_PORT}/productregistration?product=smazer`, 1440)
  await page.getByLabel(/^Name\*?$/).fill('Meera Iyer')
  await page.getByLabel(/^Email\*?$/).fill('meera.reference@example.com')
  await page.getByLabel(/^Phone Number\*?$/).fill('9123456780')
  await page.getByLabel(/^Serial Number\*?$/).fill('SMZ-2025-00418')
  await page.getByLabel(/^Purchase Date\*?$/).fill('2025-03-14')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /^Your warranty has been activated\.$/ }),
  ).toBeVisible()
  const receipt = page.locator('.form-card').getByText(/^Your reference: [0-9a-f-]{36}$/)
  await expect(receipt).toBeVisible()
  await expect(page.locator('.form__receipt')).toBeFocused()
  // The toast goes after its 5 s; the reference stays.
  await expect(
    page.getByRole('status').filter({ hasText: /^Your warranty has been activated\.$/ }),
  ).toHaveCount(0, {
    timeout: 30_000,
  })
  await expect(receipt).toBeVisible()
  await expect(page.getByLabel(/^Name\*?$/)).toHaveValue('')
  expect(await axeViolations(page)).toEqual([])
})
