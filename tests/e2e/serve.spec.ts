import { expect, test } from '@playwright/test'
import { SERVE_PORT } from '../../playwright.config.ts'
import { hydrated } from './hydrated.ts'

const origin = `http://127.0.0.1:${SERVE_PORT}`

test.describe('site serve', () => {
  test('sends the CDN headers of the build, and the strict CSP does not stop the page from hydrating', async ({
    page,
  }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
        violations.push(message.text())
    })
    const response = await page.goto(`${origin}/`)
    const headers = response?.headers() ?? {}
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/)
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['strict-transport-security']).toMatch(/max-age=/)
    await hydrated(page)
    const products = page.getByRole('button', { name: 'Products', exact: true }).first()
    await products.click()
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    expect(violations).toEqual([])
  })

  test('caches hashed assets for a year', async ({ page, request }) => {
    await page.goto(`${origin}/`)
    const scripts = JSON.parse((await page.locator('#site-scripts').textContent()) ?? '{}') as {
      entry?: string
    }
    const script = scripts.entry
    const response = await request.get(`${origin}${script}`)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('sends unknown products to /comingsoon through _redirects', async ({ request }) => {
    const response = await request.get(`${origin}/products/nope`, { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/comingsoon')
  })
})
