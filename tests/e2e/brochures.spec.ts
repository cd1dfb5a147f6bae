import { expect, type Page, test } from '@playwright/test'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'

/**
 * Issue #34 point 4: the brochure library at /brochures lists every brochure in one place, by domain
 * and by product; the footer, Railways and Space lead there; a search for a brochure's subject shows
 * the brochure first.
 */

const IDS = [
  'UHF',
  'IN_OFES_V2',
  'IN_SRFX_20D',
  'EmbeddedPC',
  'FireandSafety',
  'CoachesHealthMonitoringSystem',
  'MultiProductWebApp',
  'KavachHealthMonitoring',
  'CentralhealthMonitoringSystem',
]

async function open(page: Page, path: string, width = 1440): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.goto(path)
  await hydrated(page)
}

const library = (page: Page) => page.getByRole('main')

test.describe('brochure library', () => {
  test('the pre-rendered page lists every brochure once, with one h1, and is in the sitemap', async ({
    request,
  }) => {
    const res = await request.get('/brochures')
    expect(res.status()).toBe(200)
    const html = await res.text()
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    const linked = [...main.matchAll(/href="\/brochures\/([^"]+)"/g)].map((m) => m[1]).sort()
    expect(linked).toEqual([...IDS].sort())
    expect(html).not.toContain('name="robots" content="noindex"')
    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/brochures<\/loc>/)
  })

  test('groups the brochures by domain and by product, each product brochure naming its product', async ({
    page,
  }) => {
    await open(page, '/brochures')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brochures')
    const railways = library(page).getByRole('region', { name: 'Railways' })
    await expect(railways.getByRole('link', { name: /brochure \(PDF\)$/ })).toHaveText([
      'Fire and Safety Monitoring System brochure (PDF)',
      'Coaches Health Monitoring System brochure (PDF)',
      'Kavach Health Monitoring brochure (PDF)',
      'Central Health Monitoring System brochure (PDF)',
    ])
    await expect(
      railways.getByRole('link', { name: 'Fire and Safety Monitoring System brochure (PDF)' }),
    ).toHaveAttribute('href', '/brochures/FireandSafety')
    const products = library(page).getByRole('region', { name: 'Products' })
    const uhf = products.getByRole('listitem').filter({ hasText: 'UHF Radio Modem brochure' })
    await expect(uhf.getByRole('link', { name: 'UHF Radio Modem brochure (PDF)' })).toHaveAttribute(
      'href',
      '/brochures/UHF',
    )
    await expect(uhf.getByRole('link', { name: 'UHF Radio Modem', exact: true })).toHaveAttribute(
      'href',
      '/products/uhfradiomodem',
    )
    await expect(products.getByRole('heading', { level: 3, name: 'Industrial networking' })).toBeVisible()
  })

  test('the footer, the Railways page and the Space page lead to the library', async ({ page }) => {
    await open(page, '/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Brochures' }).click()
    await expect(page).toHaveURL('/brochures')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brochures')
    for (const path of ['/railways', '/space']) {
      await open(page, path)
      await page.getByRole('main').getByRole('link', { name: 'All brochures' }).click()
      await expect(page, path).toHaveURL('/brochures')
    }
  })

  for (const [query, first] of [
    [
      'railway brochure',
      /^\/brochures\/(FireandSafety|CoachesHealthMonitoringSystem|KavachHealthMonitoring|CentralhealthMonitoringSystem|UHF)$/,
    ],
    ['UHF brochure', /^\/brochures\/UHF$/],
    ['embedded PC brochure', /^\/brochures\/EmbeddedPC$/],
  ] as const)
    test(`a search for "${query}" shows the brochure first`, async ({ page }) => {
      await open(page, '/')
      await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: /search products/i })
      await dialog.getByRole('combobox', { name: /search products/i }).fill(query)
      await expect(dialog.getByRole('status')).toContainText(`for “${query}”`)
      const options = dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option')
      await expect(options.first()).toHaveAttribute('href', first)
    })

  for (const width of [400, 1440])
    test(`passes axe at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await open(page, '/brochures', width)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brochures')
      expect(await axeViolations(page)).toEqual([])
    })

  test('@phone nothing scrolls sideways at 320 px', async ({ page }) => {
    await open(page, '/brochures', 320)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brochures')
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(
      0,
    )
  })
})
