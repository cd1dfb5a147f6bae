import { expect, type Page, test } from '@playwright/test'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'

/** The analytics events as pages push them (../shared/spec/DECISIONS.md, Analytics). */
type LayerEvent = { event?: string; page_path?: string; page_title?: string; seconds?: number }

async function open(page: Page, path: string, width?: number): Promise<void> {
  if (width) await page.setViewportSize({ width, height: 900 })
  await page.goto(path)
  await hydrated(page)
}

const events = (page: Page) =>
  page.evaluate(
    () => (window.dataLayer ?? []).filter((e) => typeof (e as LayerEvent).event === 'string') as LayerEvent[],
  )

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('header menus on wide screens', () => {
  test.beforeEach(async ({ page }) => open(page, '/', 1440))

  test('Products opens by hover and shows a preview of the hovered product; Solutions replaces it; a click outside closes', async ({
    page,
  }) => {
    const products = mainNav(page).getByRole('button', { name: 'Products' })
    const solutions = mainNav(page).getByRole('button', { name: 'Solutions' })
    await products.hover()
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    const uhf = mainNav(page).getByRole('link', { name: 'UHF Radio Modem' })
    await uhf.hover()
    const preview = page.locator('.products-menu__preview')
    await expect(preview.getByText('UHF Radio Modem', { exact: true })).toBeVisible()
    await expect(preview.locator('img')).toHaveAttribute('src', /Header\/uhfradiomodem/)

    await solutions.hover()
    await expect(solutions).toHaveAttribute('aria-expanded', 'true')
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await expect(mainNav(page).getByRole('link', { name: 'Railways' })).toBeVisible()

    await solutions.click() // pins the hover-opened menu
    await page.mouse.move(700, 700)
    await expect(solutions).toHaveAttribute('aria-expanded', 'true')
    await page.mouse.click(700, 700)
    await expect(solutions).toHaveAttribute('aria-expanded', 'false')
    await expect(mainNav(page).getByRole('link', { name: 'Railways' })).toBeHidden()
  })

  test('the products menu lists all 18 products in two columns', async ({ page }) => {
    await mainNav(page).getByRole('button', { name: 'Products' }).click()
    const listId = await mainNav(page).getByRole('button', { name: 'Products' }).getAttribute('aria-controls')
    const list = page.locator(`[id="${listId}"]`)
    const links = list.getByRole('link')
    await expect(links).toHaveCount(18)
    const lefts = new Set(
      await links.evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().left))),
    )
    expect(lefts.size).toBe(2)
  })

  test('keyboard: Enter opens, ArrowDown moves in, Escape closes and returns focus, one menu closes the other', async ({
    page,
  }) => {
    const products = mainNav(page).getByRole('button', { name: 'Products' })
    const solutions = mainNav(page).getByRole('button', { name: 'Solutions' })
    await products.focus()
    await page.keyboard.press('Enter')
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await expect(products).toBeFocused()

    await page.keyboard.press('ArrowDown')
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    await expect(mainNav(page).getByRole('link', { name: 'SZephyr' })).toBeFocused()
    // The preview follows keyboard focus too.
    await page.keyboard.press('Tab')
    await expect(page.locator('.products-menu__preview').getByText('Smazer', { exact: true })).toBeVisible()

    await solutions.focus()
    await page.keyboard.press('Space')
    await expect(solutions).toHaveAttribute('aria-expanded', 'true')
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Tab')
    await expect(mainNav(page).getByRole('link', { name: 'Railways' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(solutions).toHaveAttribute('aria-expanded', 'false')
    await expect(solutions).toBeFocused()
  })

  test('the logo goes home and Contact Us is a link to /support', async ({ page }) => {
    await expect(page.getByRole('banner').getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/support',
    )
    await expect(mainNav(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('mobile bottom header', () => {
  test('@phone the hamburger menu opens, expands one submenu at a time and locks scrolling while open', async ({
    page,
  }) => {
    await open(page, '/', 400)
    await expect(mainNav(page)).toBeHidden()
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const mobile = page.getByRole('navigation', { name: 'Mobile' })
    await expect(mobile).toBeVisible()
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')

    const products = mobile.getByRole('button', { name: 'Products' })
    const solutions = mobile.getByRole('button', { name: 'Solutions' })
    await products.click()
    await expect(products).toHaveAttribute('aria-expanded', 'true')
    await expect(mobile.getByRole('link', { name: 'Embedded PC' })).toBeVisible()
    await solutions.click()
    await expect(solutions).toHaveAttribute('aria-expanded', 'true')
    await expect(products).toHaveAttribute('aria-expanded', 'false')
    await expect(mobile.getByRole('link', { name: 'Space' })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()
    await expect(mobile).toBeHidden()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })

  test('@phone a tap outside the open menu closes it, and following a link closes it', async ({ page }) => {
    await open(page, '/', 400)
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await page.mouse.click(200, 200)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About Us' }).click()
    await expect(page).toHaveURL(/\/aboutus$/)
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })

  test('@phone Schedule Demo shows a Coming Soon toast, announced politely', async ({ page }) => {
    await open(page, '/space', 400)
    await page.getByRole('button', { name: 'Schedule Demo' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Coming Soon' })).toBeVisible()
  })

  test('when the toaster cannot be fetched, the page stays and the next toast still shows', async ({
    page,
  }) => {
    let offline = true
    const blocked: string[] = []
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      async (route) => {
        const response = await route.fetch()
        if (offline && (await response.text()).includes('top-center')) {
          blocked.push(route.request().url())
          return route.abort()
        }
        return route.fulfill({ response })
      },
    )
    await open(page, '/space', 400)
    // The toaster is fetched once the page is idle after hydration.
    await expect.poll(() => blocked.length).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    offline = false
    await page.getByRole('button', { name: 'Schedule Demo' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Coming Soon' })).toBeVisible()
  })

  test('the bottom header shows up to 1200 px and not above', async ({ page }) => {
    await open(page, '/', 1200)
    await expect(page.getByRole('button', { name: 'Schedule Demo' })).toBeVisible()
    await expect(mainNav(page)).toBeHidden()
    await page.setViewportSize({ width: 1201, height: 900 })
    await expect(page.getByRole('button', { name: 'Schedule Demo' })).toBeHidden()
    await expect(mainNav(page)).toBeVisible()
  })
})

test.describe('header and footer rules', () => {
  test('home has the header and the footer', async ({ page }) => {
    await open(page, '/')
    await expect(page.getByRole('banner')).toHaveCount(1)
    const footer = page.getByRole('contentinfo')
    await expect(footer).toBeVisible()
    await expect(footer.getByRole('link', { name: 'support@kaverielectronics.in' })).toHaveAttribute(
      'href',
      'mailto:support@kaverielectronics.in',
    )
    await expect(footer).toContainText('9.00 - 18.30')
    await expect(footer).toContainText('Guindy, Chennai')
    await expect(footer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('rel', 'noopener noreferrer')
  })

  for (const path of ['/support', '/customercare.html', '/contactinformations'])
    test(`${path} has no header but keeps the footer`, async ({ page }) => {
      await open(page, path)
      await expect(page.getByRole('banner')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Schedule Demo' })).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })

  test('the not-found page has the header but never the footer', async ({ page }) => {
    const response = await page.goto('/no-such-page/here')
    expect(response?.status()).toBe(404)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
  })

  test('an unknown product ends on /comingsoon', async ({ page }) => {
    await page.goto('/products/not-a-product')
    await expect(page).toHaveURL(/\/comingsoon$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Coming soon' })).toBeVisible()
  })
})

test.describe('Back to top', () => {
  test('appears only after scrolling past twice the window height and takes the visitor to the top', async ({
    page,
  }) => {
    await open(page, '/', 1440)
    const button = page.getByRole('button', { name: 'Back to top' })
    await expect(button).toHaveCount(0)
    // Just past twice the window height it appears; just short of it, it goes again.
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2 + 50))
    await expect(button).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2 - 50))
    await expect(button).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2 + 50))
    await expect(button).toBeVisible()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(button).toHaveCount(0)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  })

  for (const width of [360, 400, 1000, 1440])
    test(`at ${width} px the last line of the page ends above the button, not under it`, async ({ page }) => {
      await open(page, '/products/szephyr', width)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const button = page.getByRole('button', { name: 'Back to top' })
      await expect(button).toBeVisible()
      const line = page.getByText(/All rights reserved/)
      await expect(line).toBeInViewport()
      // The words themselves, not the paragraph's box, which spans the whole width.
      const text = await line.evaluate((p) => {
        const range = document.createRange()
        range.selectNodeContents(p)
        const r = range.getBoundingClientRect()
        return { x: r.x, y: r.y, width: r.width, height: r.height }
      })
      const over = await button.boundingBox()
      if (!over) throw new Error('the button has no box')
      // On phones it is a round icon, named as before, so it hides less of what is being read.
      if (width <= 520) expect(over.width).toBeLessThanOrEqual(48)
      const overlaps =
        text.x < over.x + over.width &&
        over.x < text.x + text.width &&
        text.y < over.y + over.height &&
        over.y < text.y + text.height
      expect(overlaps, `copyright ${JSON.stringify(text)}, button ${JSON.stringify(over)}`).toBe(false)
    })
})

test.describe('analytics', () => {
  test('the first page, every route change and leaving the page are logged on window.dataLayer', async ({
    page,
  }) => {
    await open(page, '/', 1440)
    expect(await events(page)).toEqual([
      {
        event: 'page_view',
        page_path: '/',
        page_title: 'Kaveri Electronics: Smart home, industrial, railway and space electronics',
      },
    ])
    await mainNav(page).getByRole('link', { name: 'About Us' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Engineering electronics in India')
    await expect.poll(async () => (await events(page)).length).toBe(3)
    const [, spent, view] = await events(page)
    expect(spent).toMatchObject({ event: 'time_spent', page_path: '/' })
    expect(typeof spent?.seconds).toBe('number')
    expect(view).toEqual({
      event: 'page_view',
      page_path: '/aboutus',
      page_title: 'About us | Kaveri Electronics',
    })

    // The tab is hidden: the time on /aboutus is logged.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect((await events(page)).at(-1)).toMatchObject({ event: 'time_spent', page_path: '/aboutus' })
  })

  test('no third-party tag loads when no analytics id is configured', async ({ page }) => {
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    await open(page, '/')
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0)
    expect(requests.filter((u) => !u.startsWith('http://127.0.0.1'))).toEqual([])
  })
})

test.describe('brochures', () => {
  test('a brochure page says it is redirecting, downloads the PDF, then shows the after-download page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const download = page.waitForEvent('download')
    await page.goto('/brochures/UHF')
    await expect(page.getByRole('status')).toHaveText('Redirecting to download...')
    const file = await download
    expect(file.suggestedFilename()).toBe('UHF.pdf')
    expect(new URL(file.url()).pathname).toBe('/storage/brochures/UHF.pdf')
    await expect(page).toHaveURL(/\/pdf-redirect\?url=%2Fstorage%2Fbrochures%2FUHF\.pdf$/)
    // The brochure page started this download, so the next page may say so.
    await expect(page.getByText('Your download of the UHF Radio Modem brochure has started.')).toBeVisible()
    const link = page.getByRole('link', { name: 'Download the UHF Radio Modem brochure (PDF)' })
    await expect(link).toBeVisible()
    expect(new URL((await link.getAttribute('href')) ?? '').pathname).toBe('/storage/brochures/UHF.pdf')
  })

  // Issue #34 point 3: visitors know a brochure by its title, not by its file name.
  for (const [id, title] of [
    ['IN_OFES_V2', 'OFES V2 Ethernet Ring Media Convertor'],
    ['FireandSafety', 'Fire and Safety Monitoring System'],
  ])
    test(`the after-download page names the ${id} brochure by its title`, async ({ page }) => {
      await open(page, `/pdf-redirect?url=${encodeURIComponent(`/storage/brochures/${id}.pdf`)}`)
      const link = page.getByRole('link', { name: `Download the ${title} brochure (PDF)` })
      await expect(link).toHaveAttribute('href', /\/storage\/brochures\//)
      expect(new URL((await link.getAttribute('href')) ?? '').pathname).toBe(`/storage/brochures/${id}.pdf`)
      await expect(page.getByRole('link', { name: /\.pdf/ })).toHaveCount(0)
    })

  for (const outside of [
    'https://evil.example/storage/brochures/UHF.pdf',
    '//evil.example/storage/brochures/UHF.pdf',
    '/storage-evil/brochures/UHF.pdf',
    '/storage/../admin/secret.pdf',
    'javascript:alert(1)',
  ])
    test(`/pdf-redirect refuses ${outside} with a message and no link`, async ({ page }) => {
      await open(page, `/pdf-redirect?url=${encodeURIComponent(outside)}`)
      await expect(page.getByRole('alert')).toContainText('does not point to one of our brochures')
      await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0)
      expect(await page.locator(`a[href*="evil"], a[href^="javascript"], a[href*="admin"]`).count()).toBe(0)
    })

  // Issue #47: the address is anyone's to write; the page shows only what the content says.
  const HOSTILE = '/storage/brochures/URGENT: your warranty expired, call +1 555 0100.pdf'

  test('/pdf-redirect offers no file the site does not publish, and shows no text from the address', async ({
    page,
  }) => {
    await open(page, `/pdf-redirect?url=${encodeURIComponent(HOSTILE)}`)
    await expect(page.getByRole('alert')).toContainText('does not point to one of our brochures')
    await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0)
    await expect(page.locator('body')).not.toContainText(/URGENT|555 0100|has started/)
    expect(await page.locator('a[href*="URGENT"]').count()).toBe(0)
  })

  test('/pdf-redirect opened from a link names the brochure by its title and claims no download', async ({
    page,
  }) => {
    await open(page, `/pdf-redirect?url=${encodeURIComponent('/storage/brochures/UHF.pdf')}`)
    await expect(
      page.getByRole('link', { name: 'Download the UHF Radio Modem brochure (PDF)' }),
    ).toBeVisible()
    await expect(page.locator('body')).not.toContainText(/has started/)
  })

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false })

    test('/pdf-redirect shows no text from the address and points to the brochure library', async ({
      page,
    }) => {
      await page.goto(`/pdf-redirect?url=${encodeURIComponent(HOSTILE)}`)
      await expect(page.getByRole('heading', { name: 'Your brochure download' })).toBeVisible()
      await expect(page.locator('body')).not.toContainText(/URGENT|555 0100|has started/)
      await expect(page.getByRole('link', { name: 'brochure library' })).toHaveAttribute('href', '/brochures')
      await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0)
    })
  })

  test('the brochure and after-download pages are kept out of search', async ({ request }) => {
    for (const path of ['/brochures/UHF', '/pdf-redirect']) {
      const html = await (await request.get(path)).text()
      expect(html, path).toContain('<meta name="robots" content="noindex"')
    }
  })
})

test.describe('pre-rendered HTML (before any script runs)', () => {
  const COPY: Record<string, string[]> = {
    '/': [
      'Electronics that keep homes, industry, railways and satellites connected',
      'id="visionMission"',
      'id="domains"',
      'id="solutions"',
      'To be the Indian electronics company',
    ],
    '/aboutus': [
      'Design under one roof',
      'Support that stays',
      'Every product carries a one-year warranty',
      'id="location"',
      'Puducherry production',
    ],
    '/space': [
      'EXPLORE THE FUTURE OF SPACE TECHNOLOGY',
      'AVIONICS STACK GEN 1',
      'UHF FOR SPACE',
      'Modular design for easy mission expansion',
    ],
    '/railways': [
      'EXPLORE THE FUTURE OF RAILWAY TECHNOLOGY',
      'Onboard',
      'Trackside',
      'Dashboard',
      'Fleet analytics',
    ],
    '/privacy_policy': ['Privacy policy', 'What we collect', 'Your rights'],
    '/comingsoon': ['Coming soon'],
    '/support': [
      'Contact Us',
      'support@kaverielectronics.in',
      '9.00 - 18.30',
      'Karwar',
      'Puducherry production',
    ],
  }

  for (const [path, snippets] of Object.entries(COPY))
    test(`${path} holds its copy, one h1, a title, a description and a canonical URL`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text()
      for (const s of snippets) expect(html, s).toContain(s.replaceAll('&', '&amp;'))
      expect(html.match(/<h1[\s>]/g)?.length).toBe(1)
      expect(html).toMatch(/<title>[^<]{5,}<\/title>/)
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/)
      expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+"/)
    })

  test('inner pages carry a BreadcrumbList, home the Organization', async ({ request }) => {
    expect(await (await request.get('/')).text()).toContain('"@type":"Organization"')
    for (const path of ['/aboutus', '/space', '/railways', '/privacy_policy', '/comingsoon', '/support'])
      expect(await (await request.get(path)).text(), path).toContain('"@type":"BreadcrumbList"')
  })

  test('every page has its own title and description; the contact screens share /support as canonical', async ({
    request,
  }) => {
    const paths = [
      '/',
      '/aboutus',
      '/space',
      '/railways',
      '/privacy_policy',
      '/comingsoon',
      '/support',
      '/customercare.html',
      '/contactinformations',
    ]
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    for (const path of paths) {
      const html = await (await request.get(path)).text()
      titles.add(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')
      descriptions.add(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '')
      if (['/customercare.html', '/contactinformations'].includes(path))
        expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/support"/)
    }
    expect(titles.size).toBe(paths.length)
    expect(descriptions.size).toBe(paths.length)
  })

  test('the Space partner link opens in a new tab without an opener', async ({ request }) => {
    const html = await (await request.get('/space')).text()
    expect(html).toMatch(
      /<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer">Vyoma Stackworks/,
    )
  })

  test('a domain with no brochure of its own says so and leads to the library; one with brochures lists them', async ({
    page,
  }) => {
    await page.goto('/space')
    const space = page.getByRole('region', { name: 'Brochures' })
    await expect(space).toContainText('There is no Space brochure yet')
    await expect(space.getByRole('listitem')).toHaveCount(0)
    await expect(space.getByRole('link', { name: 'All brochures' })).toHaveAttribute('href', '/brochures')
    await page.goto('/railways')
    const railways = page.getByRole('region', { name: 'Railways brochures' })
    expect(await railways.getByRole('listitem').count()).toBeGreaterThan(0)
    await expect(railways).not.toContainText('no Railways brochure')
  })

  test('without scripts the scroll-animated blocks are visible', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/railways')
    const block = page.getByRole('heading', { name: 'Trackside' })
    await block.scrollIntoViewIfNeeded()
    await expect(block).toBeVisible()
    expect(await block.evaluate((h) => getComputedStyle(h.closest('[data-aos]') as Element).opacity)).toBe(
      '1',
    )
    await context.close()
  })
})

test.describe('motion', () => {
  test('scroll animations run with the domain settings and reveal blocks as they come into view', async ({
    page,
  }) => {
    await open(page, '/space', 1440)
    await expect(page.locator('html')).toHaveClass(/aos-on/)
    const block = page
      .getByRole('heading', { name: 'UHF FOR SPACE' })
      .locator('xpath=ancestor::*[@data-aos][1]')
    await expect(block).toHaveAttribute('data-aos-duration', '800')
    await expect(block).toHaveAttribute('data-aos-once', 'true')
    await expect(block).toHaveAttribute('data-aos-offset', '100')
    await block.scrollIntoViewIfNeeded()
    await expect(block).toHaveClass(/aos-animate/)
    expect(await block.evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(/^0\.8s/)
  })

  /** The animated blocks' state: whether each is revealed, and whether its top is above the reveal line. */
  const blocks = (page: Page, offset: number) =>
    page.locator('[data-aos]').evaluateAll(
      (els, line) =>
        els.map((el) => ({
          revealed: el.classList.contains('aos-animate'),
          waiting: el.classList.contains('aos-init') && !el.classList.contains('aos-animate'),
          above: el.getBoundingClientRect().top < innerHeight - line,
        })),
      offset,
    )

  test('blocks on screen when the page loads are never hidden and faded in again', async ({ page }) => {
    // Every transition an animated block starts, from the first moment of the page.
    await page.addInitScript(() => {
      const started: Element[] = []
      Object.assign(window, { started })
      document.addEventListener(
        'transitionrun',
        (e) => {
          if ((e.target as Element).hasAttribute?.('data-aos')) started.push(e.target as Element)
        },
        true,
      )
    })
    // Tall enough that the home page's first animated blocks are on screen at once.
    await page.setViewportSize({ width: 1440, height: 3000 })
    await page.goto('/')
    await hydrated(page)
    await expect(page.locator('html')).toHaveClass(/aos-on/)
    await expect
      .poll(async () => (await blocks(page, 120)).filter((b) => b.waiting).length)
      .toBeGreaterThan(0)
    const now = await blocks(page, 120)
    const onScreen = now.filter((b) => b.above)
    expect(onScreen.length).toBeGreaterThan(1)
    expect(onScreen.every((b) => b.revealed)).toBe(true)
    const fadedOnScreen = await page.evaluate(
      () =>
        (window as unknown as { started: Element[] }).started.filter(
          (el) => el.getBoundingClientRect().top < innerHeight - 120,
        ).length,
    )
    expect(fadedOnScreen).toBe(0)
    // ../shared/spec/site-spec.md §9's defaults: 400 ms, ease.
    const timing = await page
      .locator('[data-aos].aos-init')
      .first()
      .evaluate((el) => [
        getComputedStyle(el).transitionDuration,
        getComputedStyle(el).transitionTimingFunction,
      ])
    expect(timing[0]).toMatch(/^0\.4s/)
    expect(timing[1]).toMatch(/^ease(,|$)/)
  })

  test('a block scrolled past in one jump is shown; without "once" it hides again above the line, with it it stays', async ({
    page,
  }) => {
    const jump = (y: 'top' | 'bottom') =>
      page.evaluate(
        (to) => scrollTo({ top: to === 'top' ? 0 : document.body.scrollHeight, behavior: 'instant' }),
        y,
      )
    // The home page's blocks animate with the defaults (offset 120, not once).
    await open(page, '/', 1440)
    await expect.poll(async () => (await blocks(page, 120)).some((b) => b.waiting)).toBe(true)
    await jump('bottom')
    await expect.poll(async () => (await blocks(page, 120)).every((b) => b.revealed)).toBe(true)
    await jump('top')
    await expect.poll(async () => (await blocks(page, 120)).every((b) => b.revealed === b.above)).toBe(true)
    expect((await blocks(page, 120)).some((b) => !b.above)).toBe(true)

    // The domain pages' blocks animate once (offset 100): back at the top, every block stays revealed.
    await open(page, '/space', 1440)
    await expect.poll(async () => (await blocks(page, 100)).some((b) => b.waiting)).toBe(true)
    await jump('bottom')
    await expect.poll(async () => (await blocks(page, 100)).every((b) => b.revealed)).toBe(true)
    // The page's observers see the jump in the same task as one made here after them, which reports
    // the blocks below the line again: from then on nothing is left to hide them.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          let first = true
          const io = new IntersectionObserver(
            (entries) => {
              if (first) {
                first = false
                scrollTo({ top: 0, behavior: 'instant' })
              } else if (entries.some((e) => !e.isIntersecting)) {
                io.disconnect()
                done()
              }
            },
            { rootMargin: '1000000px 0px -100px 0px' },
          )
          for (const el of document.querySelectorAll('[data-aos]')) io.observe(el)
        }),
    )
    expect((await blocks(page, 100)).some((b) => !b.above)).toBe(true)
    expect((await blocks(page, 100)).every((b) => b.revealed)).toBe(true)
  })

  test('after a client-side navigation the new page’s blocks wait below the line and reveal on scroll', async ({
    page,
  }) => {
    await open(page, '/aboutus', 1440)
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Railways', exact: true }).click()
    await expect(page).toHaveURL(/\/railways$/)
    // Rendered by the router in the same document, not loaded afresh.
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
    const block = page.getByRole('heading', { name: 'Trackside' }).locator('xpath=ancestor::*[@data-aos][1]')
    await expect(block).toHaveClass(/aos-init/)
    await expect(block).not.toHaveClass(/aos-animate/)
    await block.scrollIntoViewIfNeeded()
    await expect(block).toHaveClass(/aos-animate/)
  })

  test('nothing moves on its own for more than five seconds; the stripe button streams again under the pointer', async ({
    page,
  }) => {
    // WCAG 2.2.2: motion that starts by itself stops within five seconds (a spinner, which shows only
    // while something loads, is the exception). The mobile bar's stripe button is on every page at 390.
    const endless = () =>
      document
        .getAnimations()
        .filter((a) => !(a instanceof CSSAnimation && a.animationName === 'spinner-turn'))
        .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? 0) > 5000)
        .map(
          (a) =>
            `${(a as CSSAnimation).animationName ?? 'a transition'} on ${(a.effect as KeyframeEffect).target?.className}`,
        )
    for (const [path, width] of [
      ['/', 1440],
      ['/space', 1440],
      ['/products/szephyr', 390],
    ] as const) {
      await open(page, path, width)
      const stripes = page.locator('.stripe-button__stripe')
      expect(await stripes.count(), path).toBeGreaterThan(0)
      expect(await page.evaluate(endless), path).toEqual([])
    }
    const button = page.getByRole('button', { name: 'Schedule Demo' })
    await button.hover()
    const iterations = () =>
      button
        .locator('.stripe-button__stripe')
        .evaluateAll((all) => all.map((s) => s.getAnimations()[0]?.effect?.getComputedTiming().iterations))
    expect(await iterations()).toEqual(Array(7).fill(Number.POSITIVE_INFINITY))
    // Asked for less motion, the stripes stay still under the pointer too.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.mouse.move(0, 0)
    await button.hover()
    expect(await iterations()).toEqual(Array(7).fill(undefined))
  })

  test('with reduced motion nothing is hidden for animation', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    await open(page, '/space')
    await expect(page.locator('html')).not.toHaveClass(/aos-on/)
    const heading = page.getByRole('heading', { name: 'UHF FOR SPACE' })
    expect(await heading.evaluate((h) => getComputedStyle(h.closest('[data-aos]') as Element).opacity)).toBe(
      '1',
    )
    await context.close()
  })
})

test.describe('about page', () => {
  test('/aboutus#location brings the offices into view on the first load, with map links', async ({
    page,
  }) => {
    await open(page, '/aboutus#location', 1440)
    const location = page.locator('#location')
    await expect(location).toBeInViewport()
    const maps = location.getByRole('link', { name: /on the map/ })
    await expect(maps).toHaveCount(4)
    await expect(maps.first()).toHaveAttribute('target', '_blank')
  })

  test('the footer link to the offices scrolls there from another page', async ({ page }) => {
    await open(page, '/space', 1440)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our offices' }).click()
    await expect(page).toHaveURL(/\/aboutus#location$/)
    await expect(page.locator('#location')).toBeInViewport()
  })
})

test.describe('contact screen', () => {
  test('the info panel collapses and expands on wide screens', async ({ page }) => {
    await open(page, '/support', 1440)
    const toggle = page.getByRole('button', { name: 'Hide contact information' })
    const mail = page.getByRole('complementary').getByRole('link', { name: 'support@kaverielectronics.in' })
    await expect(mail).toBeVisible()
    await toggle.click()
    const show = page.getByRole('button', { name: 'Show contact information' })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await expect(mail).toBeHidden()
    await show.click()
    await expect(page.getByRole('button', { name: 'Hide contact information' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(mail).toBeVisible()
    await expect(page.getByRole('complementary').getByRole('link', { name: /Karwar/ })).toHaveAttribute(
      'target',
      '_blank',
    )
  })

  test('@phone at 768 px or narrower the info is always a plain list', async ({ page }) => {
    await open(page, '/support', 768)
    await expect(page.getByRole('button', { name: /contact information/ })).toBeHidden()
    const panel = page.getByRole('complementary')
    for (const office of ['Chennai', 'Karwar', 'Puducherry', 'Puducherry production'])
      await expect(
        panel.getByRole('link', { name: new RegExp(`^${office} office on the map`) }),
      ).toBeVisible()
  })
})

const SCREENS = [
  '/',
  '/aboutus',
  '/space',
  '/railways',
  '/privacy_policy',
  '/comingsoon',
  '/no-such-page',
  '/support',
]

test.describe('accessibility', () => {
  for (const width of [400, 1440])
    for (const path of SCREENS)
      test(`${path} at ${width} px passes axe`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await hydrated(page)
        expect(await axeViolations(page)).toEqual([])
      })

  test('the menus pass axe while open', async ({ page }) => {
    // Colour contrast is only meaningful once a menu has finished fading in.
    const settled = () =>
      page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      )
    await open(page, '/', 1440)
    await mainNav(page).getByRole('button', { name: 'Products' }).click()
    await settled()
    expect(await axeViolations(page)).toEqual([])
    await page.setViewportSize({ width: 400, height: 900 })
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Products' }).click()
    await settled()
    expect(await axeViolations(page)).toEqual([])
  })

  test('@phone no screen scrolls sideways at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 })
    for (const path of [...SCREENS, '/brochures/UHF', '/pdf-redirect?url=%2Fstorage%2Fbrochures%2FUHF.pdf']) {
      await page.goto(path)
      await hydrated(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320)
    }
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Products' }).click()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  })

  test('keyboard focus is visible on header controls', async ({ page }) => {
    await open(page, '/', 1440)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Tab')
    const logo = page.getByRole('banner').getByRole('link', { name: /home$/ })
    await expect(logo).toBeFocused()
    expect(await logo.evaluate((a) => getComputedStyle(a).outlineStyle)).toBe('solid')
  })
})
