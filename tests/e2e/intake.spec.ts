import { expect, type Page, test } from '@playwright/test'
import { SERVE_PORT } from '../../playwright.config.ts'
import { hydrated } from './hydrated.ts'
import { stored } from './stored.ts'

// The forms as built with the embedded defaults (API base /api) against the real intake server.
const origin = `http://127.0.0.1:${SERVE_PORT}`
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))

test.describe.configure({ mode: 'serial' })

test.describe('forms end to end with site serve', () => {
  test('a contact message is stored and acknowledged', async ({ page }) => {
    await page.goto(`${origin}/support`)
    await hydrated(page)
    await field(page, 'Name').fill('Ravi Kumar')
    await field(page, 'Email').fill('ravi.kumar@example.com')
    await field(page, 'Description').fill('End to end test message about the smart panel board.')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Form submitted successfully')).toBeVisible()
    const rows = stored('contact')
    expect(JSON.stringify(rows)).toContain('End to end test message about the smart panel board.')
  })

  test('a product enquiry is stored with its product and returns to the product page', async ({ page }) => {
    await page.goto(`${origin}/productenquiry/uhfradiomodem`)
    await hydrated(page)
    await field(page, 'Name').fill('Lakshmi Menon')
    await field(page, 'Email').fill('lakshmi.menon@example.com')
    await field(page, 'Phone Number').fill('9811122233')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(
      page.getByText("Your enquiry has been received. We'll be in touch within 24 hours."),
    ).toBeVisible()
    await expect(page).toHaveURL(`${origin}/products/uhfradiomodem`)
    const row = stored('enquiry').find((r) => JSON.stringify(r).includes('lakshmi.menon@example.com'))
    expect(row).toBeDefined()
    expect(JSON.stringify(row)).toContain('uhfradiomodem')
    expect(JSON.stringify(row)).not.toContain('company_name')
  })

  test('the server refuses what the browser refuses, in the same words', async ({ request }) => {
    const response = await request.post(`${origin}/api/productregistration`, {
      data: { product_name: 'szephyr', name: 'Al', email: 'al@example.com', phone: '123' },
    })
    expect(response.status()).toBe(422)
    expect(await response.json()).toEqual({
      errors: { name: 'Name should be at least 3 characters', phone: 'Phone must be 10 digits' },
    })
  })
})
