import { expect, type Locator, type Page, test } from '@playwright/test'
import { axeViolations } from './axe.ts'
import { hydrated } from './hydrated.ts'
import { mockApi } from './mock-api.ts'

const CONTACT = {
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  description: 'Please call me about pricing for ten units.',
}
const ENQUIRY = { name: 'Vikram Nair', email: 'vikram.nair@example.com', phone: '9876543210' }
const WARRANTY = {
  name: 'Meera Iyer',
  email: 'meera.iyer@example.com',
  phone: '9123456780',
  product: 'szephyr',
  serial_number: 'SZ-2025-00417',
  purchase_date: '2025-03-14',
}

/**
 * Opens a form page and waits for React: before it hydrates, Submit posts the form natively (without
 * JavaScript, tests/e2e/no-script.spec.ts), not as JSON.
 */
async function openForm(page: Page, path: string): Promise<Locator> {
  await page.goto(path)
  await hydrated(page)
  return page.getByRole('button', { name: 'Submit' })
}

/** The error element an input names in aria-describedby, found through the wiring itself. */
async function describedError(page: Page, input: Locator): Promise<Locator> {
  const ids = (await input.getAttribute('aria-describedby')) ?? ''
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'))
  expect(errorId, 'aria-describedby names an error element').toBeTruthy()
  return page.locator(`[id="${errorId}"]`)
}

/** A form field by its visible label; required fields show a * after the label text. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))

const toast = (page: Page, role: 'status' | 'alert', text: string) =>
  page.getByRole(role).filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })

/**
 * Every text a live region (role status or alert) has shown since the page loaded, as `role: text`. A
 * success toast shows for 2 s (../shared/spec/site-spec.md §9): on a loaded machine a check that polls for it can
 * fall between two looks, so the page itself records what it showed.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const shown: string[] = []
    Object.assign(window, { __shown: shown })
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const entry = `${el.getAttribute('role')}: ${(el.textContent ?? '').trim()}`
        if (!shown.includes(entry)) shown.push(entry)
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
})

/** Waits until a toast with exactly this text has shown in a region of this role. */
async function expectToast(page: Page, role: 'status' | 'alert', text: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown))
    .toContain(`${role}: ${text}`)
}

/** While a form is being sent, a loader stands in its place and the form's live region says so. */
async function expectLoader(page: Page, card: string, words: string) {
  const region = page.getByRole('region', { name: card })
  await expect(region.getByRole('form')).toHaveCount(0)
  await expect(region.getByText(words).first()).toBeVisible()
  await expect(region.getByRole('status')).toHaveText(words)
}

async function fillContact(page: Page) {
  await field(page, 'Name').fill(CONTACT.name)
  await field(page, 'Email').fill(CONTACT.email)
  await field(page, 'Description').fill(CONTACT.description)
}

async function fillEnquiry(page: Page) {
  await field(page, 'Name').fill(ENQUIRY.name)
  await field(page, 'Email').fill(ENQUIRY.email)
  await field(page, 'Phone Number').fill(ENQUIRY.phone)
}

test.describe('form pages before any script runs', () => {
  test('the enquiry page names the product, has one h1, and is indexable with its own canonical URL', async ({
    request,
  }) => {
    const html = await (await request.get('/productenquiry/szephyr')).text()
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(html).toMatch(/<h1[^>]*>Enquire about SZephyr<\/h1>/)
    expect(html).toMatch(/<title>Enquire about SZephyr \| [^<]+<\/title>/)
    expect(html).not.toContain('name="robots"')
    expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/productenquiry\/szephyr"/)
    for (const label of ['Name', 'Email', 'Phone Number', 'Company Name', 'Company Gst', 'Description'])
      expect(html).toMatch(new RegExp(`<label[^>]*>${label}(<span[^>]*>\\*</span>)?</label>`))
    expect(html).toContain('Submit your enquiry and we&#x27;ll respond as soon as possible.')
  })

  test('/productregistration and /warrantyregistration are one screen with one canonical URL', async ({
    request,
  }) => {
    const pages = await Promise.all(
      ['/productregistration', '/warrantyregistration'].map(async (path) => (await request.get(path)).text()),
    )
    for (const html of pages) {
      expect(html).toMatch(/<h1[^>]*>Activate your warranty<\/h1>/)
      expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/productregistration"/)
      expect(html).toContain('1-year warranty')
      expect(html).toMatch(/<select[^>]*>/)
      expect(html).toMatch(/<input[^>]*type="date"/)
    }
  })

  test('yup and axios stay off every first load; the first focus in a form fetches both', async ({
    page,
    request,
  }) => {
    const scriptsOf = async (path: string) => {
      const html = await (await request.get(path)).text()
      const urls = [
        ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
      ].map((m) => m[1] ?? '')
      return (await Promise.all(urls.map(async (url) => (await request.get(url)).text()))).join('\n')
    }
    for (const path of ['/', '/productenquiry/szephyr', '/productregistration', '/support']) {
      const scripts = await scriptsOf(path)
      expect(scripts, path).not.toContain('ValidationError')
      expect(scripts, path).not.toContain('AxiosError')
    }

    // Focusing a field fetches the rules and the request helper, ahead of the first submit.
    const fetched: string[] = []
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) fetched.push(await response.text().catch(() => ''))
    })
    await openForm(page, '/productenquiry/szephyr')
    expect(fetched.join('\n')).not.toContain('ValidationError')
    expect(fetched.join('\n')).not.toContain('AxiosError')
    // ...once the focus has painted: the first frame after it comes before any of those fetches starts.
    await page.evaluate(() => {
      const w = window as unknown as { __focusAt: number; __frameAt: number }
      const onFocus = () => {
        w.__focusAt = performance.now()
        requestAnimationFrame(() => {
          w.__frameAt = performance.now()
        })
      }
      document.addEventListener('focusin', onFocus, { capture: true, once: true })
    })
    await field(page, 'Name').focus()
    await expect.poll(() => fetched.join('\n').includes('ValidationError')).toBe(true)
    await expect.poll(() => fetched.join('\n').includes('AxiosError')).toBe(true)
    const starts = await page.evaluate(() => {
      const w = window as unknown as { __focusAt: number; __frameAt: number }
      const after = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.startTime >= w.__focusAt)
      return { frame: w.__frameAt, fetches: after.map((entry) => entry.startTime) }
    })
    expect(starts.fetches.length).toBeGreaterThan(0)
    for (const start of starts.fetches) expect(start).toBeGreaterThanOrEqual(starts.frame)
  })

  test('a pointer that reaches a form fetches its rules and request helper before any press', async ({
    page,
  }) => {
    // Every script the page has started to fetch, read once it has arrived: a fetch started and not yet
    // answered is waited for, not missed.
    const fetched: Promise<string>[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.js'))
        fetched.push(
          request
            .response()
            .then((response) => response?.text() ?? '')
            .catch(() => ''),
        )
    })
    const scripts = async () => (await Promise.all(fetched)).join('\n')
    await openForm(page, '/support')
    await page.mouse.move(0, 0)
    // A frame, then a task: where a warm-up started by that move would have begun its imports.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))))
    expect(await scripts()).not.toContain('ValidationError')
    // The hand arrives at the Submit button: nothing is pressed, nothing takes the focus.
    const box = await page.getByRole('button', { name: 'Submit' }).boundingBox()
    if (!box) throw new Error('Submit has no box')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 })
    await expect.poll(async () => (await scripts()).includes('ValidationError')).toBe(true)
    await expect.poll(async () => (await scripts()).includes('AxiosError')).toBe(true)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  })
})

test.describe('contact form', () => {
  test('errors show only once a field is touched, by a change or by leaving it', async ({ page }) => {
    await openForm(page, '/support')
    await expect(page.getByRole('form').getByText('Name is required')).toHaveCount(0)
    await field(page, 'Name').fill('A')
    await expect(page.getByRole('form').getByText('Name should be at least 3 characters')).toBeVisible()
    await expect(page.getByRole('form').getByText('Email is required')).toHaveCount(0)
    await field(page, 'Email').focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('form').getByText('Email is required')).toBeVisible()
    await expect(page.getByRole('form').getByText('Description is required')).toHaveCount(0)
  })

  test('leaving a field with a problem is announced once in the form’s polite live region', async ({
    page,
  }) => {
    await openForm(page, '/support')
    const live = page.getByRole('region', { name: 'Contact Us' }).getByRole('status')
    await expect(live).toHaveText('')
    await field(page, 'Name').focus()
    await page.keyboard.press('Tab')
    await expect(live).toHaveText('Name is required')
    // The error element itself is not a live region, so nothing is said twice.
    const error = await describedError(page, field(page, 'Name'))
    await expect(error).not.toHaveAttribute('role', /.*/)
    await expect(error).not.toHaveAttribute('aria-live', /.*/)
  })

  test('a field left before the rules have arrived shows and announces its problem when they do', async ({
    page,
  }) => {
    let release = () => {}
    const arrived = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch()
      if ((await response.text()).includes('ValidationError')) await arrived
      return route.fulfill({ response })
    })
    await openForm(page, '/support')
    const live = page.getByRole('region', { name: 'Contact Us' }).getByRole('status')
    await field(page, 'Name').focus()
    await page.keyboard.press('Tab')
    await expect(field(page, 'Email')).toBeFocused()
    await expect(page.getByRole('form').getByText('Name is required')).toHaveCount(0)
    await expect(live).toHaveText('')
    release()
    await expect(page.getByRole('form').getByText('Name is required')).toBeVisible()
    await expect(live).toHaveText('Name is required')
  })

  test('submit touches every field and focuses the first invalid one, sending nothing', async ({ page }) => {
    const api = await mockApi(page)
    const submit = await openForm(page, '/support')
    await field(page, 'Name').fill(CONTACT.name)
    await submit.click()
    await expect(field(page, 'Email')).toBeFocused()
    await expect(page.getByRole('form').getByText('Email is required')).toBeVisible()
    await expect(page.getByRole('form').getByText('Description is required')).toBeVisible()
    expect(api.calls).toHaveLength(0)
  })

  test('a press on Submit that leaves an empty field submits: the error it shows does not move the button from under it', async ({
    page,
  }) => {
    const api = await mockApi(page)
    const submit = await openForm(page, '/support')
    await field(page, 'Name').click()
    // Playwright presses and releases at the button's middle, as a hand does; leaving Name empty shows
    // "Name is required" above the button, which used to push it 29 px down before the release.
    await submit.click()
    await expect(field(page, 'Name')).toBeFocused()
    await expect(page.getByRole('form').getByText('Email is required')).toBeVisible()
    await expect(page.getByRole('form').getByText('Description is required')).toBeVisible()
    expect(api.calls).toHaveLength(0)
  })

  test('errors are tied to their fields with aria-describedby and aria-invalid', async ({ page }) => {
    const submit = await openForm(page, '/support')
    const name = field(page, 'Name')
    const email = field(page, 'Email')
    await expect(email).toHaveAttribute('aria-invalid', 'false')
    await name.fill(CONTACT.name)
    await email.fill('1asha@example.com')
    await submit.click()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(await describedError(page, email)).toHaveText('Email should not start with a number')
    await expect(email).toHaveAccessibleDescription('Email should not start with a number')
    await expect(name).toHaveAttribute('aria-invalid', 'false')
    expect(await name.getAttribute('aria-describedby')).toBeNull()
    const description = field(page, 'Description')
    await expect(description).toHaveAccessibleDescription(
      'Description is required Between 26 and 100 characters.',
    )
  })

  test('sends exactly {name, email, description}, shows the loader, then the success toast and an empty form', async ({
    page,
  }) => {
    const api = await mockApi(page, { status: 201, hold: true })
    const submit = await openForm(page, '/support')
    await fillContact(page)
    const card = page.getByRole('region', { name: 'Contact Us' })
    const formHeight = (await card.getByRole('form').boundingBox())?.height
    await submit.click()
    await expectLoader(page, 'Contact Us', 'Sending your message…')
    // The loader keeps the height of the form it stands in for, so the page below does not jump.
    expect(formHeight).toBeGreaterThan(200)
    expect((await card.locator('.form-loader').boundingBox())?.height).toBeCloseTo(formHeight as number, 0)
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)
    await expect(field(page, 'Name')).toHaveCount(0)
    await api.release()
    await expectToast(page, 'status', 'Form submitted successfully')
    expect(api.calls).toEqual([{ path: '/api/contactinformations', method: 'POST', body: CONTACT }])
    for (const label of ['Name', 'Email', 'Description']) await expect(page.getByLabel(label)).toHaveValue('')
    await expect(page.getByRole('form').getByText('Name is required')).toHaveCount(0)
  })

  test('a failure says so, keeps the values, and lets the visitor try again', async ({ page }) => {
    const api = await mockApi(page, { status: 500 })
    const submit = await openForm(page, '/support')
    await fillContact(page)
    await submit.click()
    await expect(toast(page, 'alert', 'Something went wrong')).toBeVisible()
    await expect(field(page, 'Name')).toHaveValue(CONTACT.name)
    await expect(field(page, 'Description')).toHaveValue(CONTACT.description)
    await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused()
    expect(api.calls).toHaveLength(1)
  })

  test('when the rules cannot be fetched, a submit sends nothing, says so, and works once they can', async ({
    page,
  }) => {
    const api = await mockApi(page)
    let offline = true
    // Offline for that file under any URL: a retry may ask for it with a query string.
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      async (route) => {
        const response = await route.fetch()
        if (offline && (await response.text()).includes('ValidationError')) return route.abort()
        return route.fulfill({ response })
      },
    )
    const submit = await openForm(page, '/support')
    await fillContact(page)
    await submit.click()
    await expect(toast(page, 'alert', 'Something went wrong')).toBeVisible()
    await expect(field(page, 'Description')).toHaveValue(CONTACT.description)
    expect(api.calls).toHaveLength(0)

    offline = false
    await submit.click()
    await expectToast(page, 'status', 'Form submitted successfully')
    expect(api.calls).toEqual([{ path: '/api/contactinformations', method: 'POST', body: CONTACT }])
  })

  test('a 2xx other than 201 is a failure too', async ({ page }) => {
    await mockApi(page, { status: 200 })
    const submit = await openForm(page, '/support')
    await fillContact(page)
    await submit.click()
    await expect(toast(page, 'alert', 'Something went wrong')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __shown: string[] }).__shown)).not.toContain(
      'status: Form submitted successfully',
    )
  })

  test('two submits in the same instant send one request', async ({ page }) => {
    const api = await mockApi(page, { hold: true })
    const submit = await openForm(page, '/support')
    await fillContact(page)
    await submit.evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
    })
    await api.waitForCalls(1)
    await api.release()
    await expectToast(page, 'status', 'Form submitted successfully')
    expect(api.calls).toHaveLength(1)
  })

  test('the honeypot is hidden from people and sent only when something fills it', async ({ page }) => {
    const api = await mockApi(page)
    const submit = await openForm(page, '/support')
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(honeypot).toHaveAttribute('autocomplete', 'off')
    expect(await honeypot.evaluate((input) => input.closest('[aria-hidden="true"]') !== null)).toBe(true)
    expect(await honeypot.evaluate((input) => input.getBoundingClientRect().right <= 0)).toBe(true)
    // Keyboard order skips it: from Description, Tab goes straight to Submit.
    await field(page, 'Description').focus()
    await page.keyboard.press('Tab')
    await expect(submit).toBeFocused()

    await fillContact(page)
    await honeypot.fill('https://spam.example', { force: true })
    await submit.click()
    await expectToast(page, 'status', 'Form submitted successfully')
    expect(api.calls[0]?.body).toEqual({ ...CONTACT, website: 'https://spam.example' })
  })
})

test.describe('product enquiry', () => {
  test('sends the §3 payload without empty optional fields, then toasts and returns to the product', async ({
    page,
  }) => {
    const api = await mockApi(page, { hold: true })
    const submit = await openForm(page, '/productenquiry/szephyr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquire about SZephyr')
    await fillEnquiry(page)
    await submit.click()
    await expectLoader(page, 'Your enquiry', 'Sending your enquiry…')
    await api.release()
    await expectToast(page, 'status', "Your enquiry has been received. We'll be in touch within 24 hours.")
    await expect(page).toHaveURL(/\/products\/szephyr$/)
    expect(api.calls).toEqual([
      { path: '/api/productregistration', method: 'POST', body: { product_name: 'szephyr', ...ENQUIRY } },
    ])
  })

  test('sends company name, GST and description when they are filled in, trimmed', async ({ page }) => {
    const api = await mockApi(page)
    const submit = await openForm(page, '/productenquiry/smazer')
    await fillEnquiry(page)
    await field(page, 'Company Name').fill('  Nair Cooling Pvt Ltd ')
    await field(page, 'Company Gst').fill('33ABCDE1234F1Z5')
    await field(page, 'Description').fill('We need 40 geyser controllers for a hotel.')
    await submit.click()
    await expect(page).toHaveURL(/\/products\/smazer$/)
    expect(api.calls[0]?.body).toEqual({
      product_name: 'smazer',
      ...ENQUIRY,
      company_name: 'Nair Cooling Pvt Ltd',
      company_gst: '33ABCDE1234F1Z5',
      description: 'We need 40 geyser controllers for a hotel.',
    })
  })

  test('a failure shows the error toast, keeps every value and stays on the page', async ({ page }) => {
    await mockApi(page, { status: 503 })
    const submit = await openForm(page, '/productenquiry/szephyr')
    await fillEnquiry(page)
    await field(page, 'Company Name').fill('Nair Cooling')
    await submit.click()
    await expect(toast(page, 'alert', 'Something went wrong. Please try again.')).toBeVisible()
    await expect(page).toHaveURL(/\/productenquiry\/szephyr$/)
    await expect(field(page, 'Name')).toHaveValue(ENQUIRY.name)
    await expect(field(page, 'Phone Number')).toHaveValue(ENQUIRY.phone)
    await expect(field(page, 'Company Name')).toHaveValue('Nair Cooling')
    // The submitting flag cleared: the form is back and can be sent again.
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled()
  })

  test('a 422 puts the server’s messages on their fields and focuses the first one', async ({ page }) => {
    await mockApi(page, {
      status: 422,
      body: { errors: { phone: 'Phone must be 10 digits', product_name: 'x' } },
    })
    const submit = await openForm(page, '/productenquiry/szephyr')
    await fillEnquiry(page)
    await submit.click()
    await expect(toast(page, 'alert', 'Something went wrong. Please try again.')).toBeVisible()
    const phone = field(page, 'Phone Number')
    await expect(phone).toBeFocused()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(await describedError(page, phone)).toHaveText('Phone must be 10 digits')
    // Editing the field clears the server's word on it.
    await phone.fill('9876543211')
    await expect(phone).toHaveAttribute('aria-invalid', 'false')
  })

  test('an unknown product ends on /comingsoon', async ({ page }) => {
    await page.goto('/productenquiry/no-such-product')
    await expect(page).toHaveURL(/\/comingsoon$/)
  })
})

test.describe('warranty activation', () => {
  test('activates a warranty: exact payload, loader, success toast, empty form', async ({ page }) => {
    const api = await mockApi(page, { hold: true })
    const submit = await openForm(page, '/productregistration')
    const today = await page.evaluate(() => {
      const d = new Date()
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
    })
    await expect(field(page, 'Purchase Date')).toHaveAttribute('max', today)
    await field(page, 'Name').fill(WARRANTY.name)
    await field(page, 'Email').fill(WARRANTY.email)
    await field(page, 'Phone Number').fill(WARRANTY.phone)
    await field(page, 'Product').selectOption({ label: 'SZephyr' })
    await field(page, 'Serial Number').fill(WARRANTY.serial_number)
    await field(page, 'Purchase Date').fill(WARRANTY.purchase_date)
    await submit.click()
    await expectLoader(page, 'Your product details', 'Activating your warranty…')
    await api.release()
    await expectToast(page, 'status', 'Your warranty has been activated.')
    expect(api.calls).toEqual([{ path: '/api/warrantyregistration', method: 'POST', body: WARRANTY }])
    await expect(field(page, 'Serial Number')).toHaveValue('')
    await expect(field(page, 'Product')).toHaveValue('')
  })

  test('a failure keeps the values; the second address works the same', async ({ page }) => {
    await mockApi(page, { status: 500 })
    const submit = await openForm(page, '/warrantyregistration')
    await field(page, 'Name').fill(WARRANTY.name)
    await submit.click()
    await expect(field(page, 'Email')).toBeFocused()
    await field(page, 'Email').fill(WARRANTY.email)
    await field(page, 'Phone Number').fill(WARRANTY.phone)
    await field(page, 'Product').selectOption(WARRANTY.product)
    await field(page, 'Serial Number').fill(WARRANTY.serial_number)
    await field(page, 'Purchase Date').fill(WARRANTY.purchase_date)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(toast(page, 'alert', 'Something went wrong. Please try again.')).toBeVisible()
    await expect(field(page, 'Serial Number')).toHaveValue(WARRANTY.serial_number)
  })
})

test.describe('accessibility of the form pages', () => {
  for (const path of ['/support', '/productenquiry/szephyr', '/productregistration'])
    for (const width of [400, 1440])
      test(`${path} at ${width} px passes axe, empty and with errors showing`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 })
        const submit = await openForm(page, path)
        expect(await axeViolations(page)).toEqual([])
        await submit.click()
        await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused()
        expect(await axeViolations(page)).toEqual([])
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      })

  test('at 320 px nothing in the form pages’ content is wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    for (const path of [
      '/support',
      '/productenquiry/ethernetringbasedprotocolmediaconvertor',
      '/productregistration',
    ]) {
      await openForm(page, path)
      await page.getByRole('button', { name: 'Submit' }).click()
      const wide = await page
        .getByRole('main')
        .evaluate((main) =>
          [...main.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > 320.5 && !el.closest('[aria-hidden="true"]'))
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        )
      expect(wide, path).toEqual([])
    }
  })
})
