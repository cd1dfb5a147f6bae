// Every key journey with scripting off in the browser (issue #43; GOV.UK's progressive enhancement:
// HTML alone gets a visitor through), against the real intake server (`site serve`, the project
// "no-script" in playwright.config.ts): the header leads to every product and both solutions at 1440
// and 360 px, and each form is sent natively and answered with a page.
import { type Browser, chromium, expect, type Page, test } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../chromium.ts'
import { axeViolations } from './axe.ts'
import { stored } from './stored.ts'

/**
 * axe-core cannot run where scripting is off (its scan waits on timers that never fire), so each scan
 * runs in a browser with scripts on, over a copy of the page as it stands (open disclosures, the
 * answer page of a post) served at its own address without its scripts.
 */
let scanner: Browser
test.beforeAll(async () => {
  scanner = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS })
})
test.afterAll(() => scanner?.close())

async function axeOfCopy(page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, '')
  const context = await scanner.newContext({ viewport: page.viewportSize() })
  try {
    const copy = await context.newPage()
    await copy.route(page.url(), (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    )
    await copy.goto(page.url())
    return await axeViolations(copy)
  } finally {
    await context.close()
  }
}

/** A field by its visible label; required ones show a * the accessible name leaves out. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`))

const REFERENCE = /Your reference: ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/

/** Proof that no script of the page ran: nothing hydrated, no page view was logged. */
async function noScriptRan(page: Page) {
  await expect(page.locator('#main')).not.toHaveAttribute('data-hydrated')
  expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBe(0)
}

test.describe('the header without scripts', () => {
  test('at 1440 px Products and Solutions open as disclosures and lead to a product and a solution', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    await noScriptRan(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByText('Products', { exact: true }).click()
    await expect(nav.getByRole('link', { name: 'All products: filter by facts and compare' })).toBeVisible()
    expect(await axeOfCopy(page)).toEqual([])
    // A press outside the open menu closes it, as with scripts, and follows nothing.
    await page.mouse.click(100, 800)
    await expect(nav.getByRole('link', { name: 'All products: filter by facts and compare' })).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
    await nav.getByText('Products', { exact: true }).click()
    // One menu at a time, as with scripts: Solutions closes Products, and Products Solutions.
    await nav.getByText('Solutions', { exact: true }).click()
    await expect(nav.getByRole('link', { name: 'Railways' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Smart Panel Board' })).toBeHidden()
    await nav.getByText('Products', { exact: true }).click()
    await expect(nav.getByRole('link', { name: 'Railways' })).toBeHidden()
    await nav.getByRole('link', { name: 'Smart Panel Board' }).click()
    await expect(page).toHaveURL(/\/products\/smartpanel$/)
    await expect(page.getByRole('heading', { level: 1, name: /Smart Panel Board/ })).toBeVisible()
    await nav.getByText('Solutions', { exact: true }).click()
    await nav.getByRole('link', { name: 'Railways' }).click()
    await expect(page).toHaveURL(/\/railways$/)
    // The search needs a script: it keeps its place but does not show.
    await expect(page.getByRole('button', { name: 'Search' })).toBeHidden()
  })

  test('at 360 px the Menu opens, its Products lead to a product and its Solutions to both pages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/aboutus')
    await noScriptRan(page)
    // Schedule Demo only raises a toast, which needs a script: it does not show.
    await expect(page.getByRole('button', { name: 'Schedule Demo' })).toBeHidden()
    await page.getByText('Menu', { exact: true }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu.getByRole('link', { name: 'About Us' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Search' })).toHaveCount(0)
    // A tap on the page beside the open menu closes it; the Menu opens it again.
    await page.mouse.click(180, 150)
    await expect(menu.getByRole('link', { name: 'About Us' })).toBeHidden()
    await expect(page).toHaveURL(/\/aboutus$/)
    await page.getByText('Menu', { exact: true }).click()
    await menu.getByText('Solutions', { exact: true }).click()
    await expect(menu.getByRole('link', { name: 'Space' })).toBeVisible()
    await menu.getByText('Products', { exact: true }).click()
    // One submenu at a time, as with scripts.
    await expect(menu.getByRole('link', { name: 'Space' })).toBeHidden()
    await menu.getByRole('link', { name: 'Smazer' }).click()
    await expect(page).toHaveURL(/\/products\/smazer$/)
  })
})

test.describe('the forms without scripts, sent to site serve', () => {
  test('at 360 px a contact message is sent, stored and acknowledged with its reference', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/support')
    await noScriptRan(page)
    const message = 'Sent without JavaScript: please call me about the UHF radio modem.'
    await field(page, 'Name').fill('Ravi Kumar')
    await field(page, 'Email').fill('ravi.noscript@example.com')
    await field(page, 'Description').fill(message)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Form submitted successfully' })).toBeVisible()
    const reference = REFERENCE.exec((await page.getByRole('status').textContent()) ?? '')?.[1]
    expect(reference).toBeDefined()
    expect(stored('contact').find((r) => r.id === reference)).toMatchObject({
      payload: { description: message },
    })
    expect(await axeOfCopy(page)).toEqual([])
  })

  test('at 1440 px an invalid enquiry lists the spec messages over the form as typed; corrected, it is received', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/productenquiry/uhfradiomodem')
    await field(page, 'Name').fill('Al')
    await field(page, 'Email').fill('lakshmi.noscript@example.com')
    await field(page, 'Phone Number').fill('123')
    await field(page, 'Company Name').fill('Menon & Sons')
    await page.getByRole('button', { name: 'Submit' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Please check the form' })).toBeVisible()
    const problems = page.getByRole('alert')
    await expect(problems.getByRole('listitem')).toHaveText([
      'Name: Name should be at least 3 characters',
      'Phone Number: Phone must be 10 digits',
    ])
    // What was typed is still there, each message tied to its field.
    await expect(field(page, 'Email')).toHaveValue('lakshmi.noscript@example.com')
    await expect(field(page, 'Company Name')).toHaveValue('Menon & Sons')
    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name should be at least 3 characters')
    await expect(field(page, 'Phone Number')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Email')).not.toHaveAttribute('aria-invalid', 'true')
    expect(await axeOfCopy(page)).toEqual([])

    await problems.getByRole('link', { name: /^Phone Number/ }).click()
    await expect(field(page, 'Phone Number')).toBeFocused()
    await field(page, 'Phone Number').fill('9811122233')
    await field(page, 'Name').fill('Lakshmi Menon')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your enquiry has been received.' }),
    ).toBeVisible()
    await expect(page.getByText("We'll be in touch within 24 hours.")).toBeVisible()
    await expect(page.getByText(REFERENCE)).toBeVisible()
    const row = stored('enquiry').find((r) => JSON.stringify(r).includes('lakshmi.noscript@example.com'))
    expect(row).toMatchObject({ product: 'uhfradiomodem' })
    expect(JSON.stringify(row)).toContain('Menon & Sons')
    // As the spec's enquiry does after a success, the way on leads to the product.
    await page.getByRole('link', { name: 'Back to the website' }).click()
    await expect(page).toHaveURL(/\/products\/uhfradiomodem$/)
  })

  test('a warranty activation shows the reference the API returned', async ({ page }) => {
    await page.goto('/productregistration')
    await field(page, 'Name').fill('Meera Iyer')
    await field(page, 'Email').fill('meera.noscript@example.com')
    await field(page, 'Phone Number').fill('9123456780')
    await field(page, 'Product').selectOption('szephyr')
    await field(page, 'Serial Number').fill('SZ-2025-00417')
    await field(page, 'Purchase Date').fill('2025-03-14')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your warranty has been activated.' }),
    ).toBeVisible()
    const reference = REFERENCE.exec((await page.getByRole('status').textContent()) ?? '')?.[1]
    expect(stored('warranty').find((r) => r.id === reference)).toMatchObject({ product: 'szephyr' })
  })
})

test('the comparison says it needs JavaScript and offers no control that cannot work', async ({ page }) => {
  await page.goto('/compare?products=szephyr,smazer')
  await expect(page.locator('p', { hasText: 'The comparison needs JavaScript.' })).toBeVisible()
  await expect(page.getByLabel('Add a product')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'catalogue' }).first()).toBeVisible()
})
