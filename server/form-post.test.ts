import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  makeSite,
  postJson,
  SITE_ORIGIN,
  type SiteFixture,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import { parseFormBody } from './form-body.ts'
import type { RunningServer } from './serve.ts'
import { DATABASE_FILE } from './storage.ts'

// An HTML form sent without JavaScript (docs/decisions.md, "Forms without JavaScript"): the same
// endpoints, the same rules and refusals in the same words as JSON, answered with a page.

let site: SiteFixture
let server: RunningServer

beforeAll(async () => {
  site = await makeSite()
})

beforeEach(async () => {
  server = await startFixtureServer(site, {
    siteOrigin: SITE_ORIGIN,
    busyWaitMs: 200,
    productNames: { szephyr: 'SZephyr', smazer: 'Smazer' },
  })
})

afterEach(() => server?.close())

afterAll(() => site?.cleanup())

const CONTACT = '/api/contactinformations'
const ENQUIRY = '/api/productregistration'
const WARRANTY = '/api/warrantyregistration'

/** POSTs fields as a browser sends a form: form-encoded, from the site's own origin. */
function postForm(
  endpoint: string,
  fields: Record<string, string> | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${endpoint}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE_ORIGIN,
      ...headers,
    },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  })
}

/** The text a person reads on a page: tags gone, entities read, spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim()

async function page(response: Response) {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  const html = await response.text()
  return { html, text: textOf(html) }
}

const rowsOf = async (kind: string) =>
  (await server.storage.list({ spam: true })).filter((r) => r.kind === kind)

describe('a form sent without JavaScript', () => {
  it.each([
    [CONTACT, 'contact', 'Form submitted successfully'],
    [ENQUIRY, 'enquiry', 'Your enquiry has been received.'],
    [WARRANTY, 'warranty', 'Your warranty has been activated.'],
  ] as const)('%s: 201 and a page with the reference, the row stored as JSON would be', async (endpoint, kind, title) => {
    const response = await postForm(endpoint, { ...VALID[endpoint], website: '' })
    expect(response.status).toBe(201)
    const { text } = await page(response)
    const id = /Your reference: ([0-9a-f-]{36})/.exec(text)?.[1]
    expect(text).toContain(title)
    const row = (await rowsOf(kind)).find((r) => r.id === id)
    expect(row).toMatchObject({ spam: false, payload: VALID[endpoint] })
  })

  it('leads an enquiry back to its product, as the spec navigates there', async () => {
    const { html } = await page(await postForm(ENQUIRY, VALID[ENQUIRY]))
    expect(html).toContain('href="/products/szephyr"')
  })

  it('422: the spec messages of the fields at fault, as JSON gives them, over the form with what was typed', async () => {
    const fields = { name: 'Al', email: 'al@example.com', phone: '123', product_name: 'szephyr' }
    const json = await postJson(`${server.url}${ENQUIRY}`, fields)
    const { errors } = (await json.json()) as { errors: Record<string, string> }
    expect(errors).toEqual({ name: 'Name should be at least 3 characters', phone: 'Phone must be 10 digits' })
    const response = await postForm(ENQUIRY, { ...fields, company_name: 'A & <B>' })
    expect(response.status).toBe(422)
    const { html, text } = await page(response)
    expect(text).toContain('There is a problem')
    expect(text).toContain('Name: Name should be at least 3 characters')
    expect(text).toContain('Phone Number: Phone must be 10 digits')
    expect(text).not.toContain('Email:')
    // The form again: each field with its value, the one at fault tied to its message, the product kept.
    expect(html).toContain('<form class="card" method="post" novalidate>')
    expect(html).toMatch(
      /<input id="f-name" name="name" aria-required="true" aria-invalid="true" aria-describedby="f-name-error" type="text" value="Al">/,
    )
    expect(html).toContain('<p class="error" id="f-name-error">Name should be at least 3 characters</p>')
    expect(html).toContain('name="company_name" type="text" value="A &#38; &#60;B&#62;"')
    expect(html).toContain('<input type="hidden" name="product_name" value="szephyr">')
    expect(html).toContain('<a href="#f-phone">')
  })

  it('shows the warranty product chosen in the list of every product', async () => {
    const { html } = await page(await postForm(WARRANTY, { ...VALID[WARRANTY], serial_number: '!' }))
    expect(html).toContain('<option value="smazer" selected>Smazer</option>')
    expect(html).toContain('<option value="vidyuraksha_2.0">vidyuraksha_2.0</option>')
  })

  it('escapes what was typed wherever it shows', async () => {
    const { html } = await page(
      await postForm(CONTACT, {
        name: '"><script>alert(1)</script>',
        email: 'x',
        description: '</textarea><b>',
      }),
    )
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('</textarea><b>')
  })

  it('counts a line break as the browser does (CRLF in the form encoding, LF in JSON)', async () => {
    const description = `${'a'.repeat(49)}\n${'b'.repeat(50)}`
    const asJson = await postJson(`${server.url}${CONTACT}`, { ...VALID[CONTACT], description })
    expect(asJson.status).toBe(201)
    const asForm = await postForm(
      CONTACT,
      new URLSearchParams({ ...VALID[CONTACT], description: description.replace('\n', '\r\n') }).toString(),
    )
    expect(asForm.status).toBe(201)
  })

  it('answers with a policy that runs no script and posts only back here', async () => {
    const response = await postForm(CONTACT, VALID[CONTACT])
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('keeps JSON answers JSON', async () => {
    const response = await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  })
})

describe('every refusal of a form, in the words JSON gets', () => {
  /** The sentence of a refusal page and of the JSON answer to the same request sent as JSON. */
  async function refusal(form: Promise<Response>, json: Promise<Response>) {
    const [asForm, asJson] = await Promise.all([form, json])
    expect(asForm.status).toBe(asJson.status)
    const { error } = (await asJson.json()) as { error: string }
    const { text } = await page(asForm)
    expect(text).toContain('The form was not sent')
    expect(text).toContain(error)
    return { status: asForm.status, error, text }
  }

  it('403 for a form from another site, by its Origin', async () => {
    const other = { origin: 'https://evil.example' }
    const { status, error } = await refusal(
      postForm(CONTACT, VALID[CONTACT], other),
      postJson(`${server.url}${CONTACT}`, VALID[CONTACT], other),
    )
    expect([status, error]).toEqual([
      403,
      'This API takes forms only from the site itself; the Origin of this request is not allowed.',
    ])
  })

  it('403 for a form from another site without an Origin, by its Referer', async () => {
    const response = await fetch(`${server.url}${CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'https://evil.example/page' },
      body: new URLSearchParams(VALID[CONTACT]).toString(),
    })
    expect(response.status).toBe(403)
    const fromSite = await fetch(`${server.url}${CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${SITE_ORIGIN}/support` },
      body: new URLSearchParams(VALID[CONTACT]).toString(),
    })
    expect(fromSite.status).toBe(201)
  })

  it('413 for a body past 16 KB', async () => {
    const big = { ...VALID[CONTACT], description: 'x'.repeat(17 * 1024) }
    const { status } = await refusal(postForm(CONTACT, big), postJson(`${server.url}${CONTACT}`, big))
    expect(status).toBe(413)
  })

  it.each([
    [
      { 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' },
      { 'content-type': 'application/json; charset=iso-8859-1' },
      'charset=iso-8859-1',
    ],
    [{ 'content-encoding': 'gzip' }, { 'content-encoding': 'gzip' }, 'Content-Encoding: gzip'],
  ])('415 for a body it would misread: %j', async (headers, jsonHeaders, words) => {
    const { status, error } = await refusal(
      postForm(CONTACT, VALID[CONTACT], headers),
      postJson(`${server.url}${CONTACT}`, VALID[CONTACT], jsonHeaders),
    )
    expect(status).toBe(415)
    expect(error).toContain(words)
  })

  it.each([
    ['an empty body', '', ''],
    ['a __proto__ field', '__proto__=x&name=Asha', '{"__proto__":"x"}'],
    ['a NUL in a value', 'name=As%00ha', '{"name":"As\\u0000ha"}'],
    ['a NUL in a field name', 'na%00me=Asha', '{"na\\u0000me":"Asha"}'],
  ])('400 for %s', async (_, form, json) => {
    const { status } = await refusal(postForm(CONTACT, form), postJson(`${server.url}${CONTACT}`, json))
    expect(status).toBe(400)
  })

  it('400 for a field sent twice, which no form does', async () => {
    const response = await postForm(CONTACT, 'name=Asha&email=a%40example.com&name=Mallory')
    expect(response.status).toBe(400)
    expect((await page(response)).text).toContain(
      'The form sends the field "name" more than once; send each field once.',
    )
  })

  it('422 for an enquiry about a product the catalogue does not have', async () => {
    const body = { ...VALID[ENQUIRY], product_name: 'nope' }
    const response = await postForm(ENQUIRY, body)
    expect(response.status).toBe(422)
    expect((await page(response)).text).toContain('Unknown product')
  })

  it('503 while the database is locked, with the form again to send once it is free', async () => {
    const holder = new Database(path.join(site.data, DATABASE_FILE))
    holder.exec("BEGIN IMMEDIATE; INSERT INTO meta VALUES ('form-lock', '1')")
    try {
      const response = await postForm(CONTACT, VALID[CONTACT])
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('5')
      const { text, html } = await page(response)
      expect(text).toContain(
        'The form could not be saved just now (the database is busy); nothing was stored.',
      )
      expect(html).toContain('value="Asha Rao"')
      expect(text).toContain('Send again')
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
  })

  it('429 past the rate limit, saying when to try again', async () => {
    const limited = await startFixtureServer(site, {
      dataDir: `${site.data}-form-limited`,
      siteOrigin: SITE_ORIGIN,
      rateLimit: 1,
    })
    try {
      const send = () =>
        fetch(`${limited.url}${CONTACT}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN },
          body: new URLSearchParams(VALID[CONTACT]).toString(),
        })
      expect((await send()).status).toBe(201)
      const response = await send()
      expect(response.status).toBe(429)
      const { text } = await page(response)
      expect(text).toMatch(/Too many requests from this address; try again in \d+ s\./)
      // Nothing was read, so the page sends the visitor back to the form they filled in.
      expect(text).toContain("Go back with your browser's Back button")
    } finally {
      await limited.close()
    }
  })

  it('415 for a multipart or text/plain form, which cannot be read', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'text/plain']) {
      const response = await postForm(CONTACT, 'name=Asha', { 'content-type': type })
      expect(response.status).toBe(415)
      expect(await response.json()).toEqual({
        error:
          'Send the form as JSON (Content-Type: application/json) or as an HTML form (application/x-www-form-urlencoded).',
      })
    }
  })
})

describe('the API on an origin of its own', () => {
  it('takes a form sent again from its own answer page, by the origin it is configured with', async () => {
    const apart = await startFixtureServer(site, {
      dataDir: `${site.data}-apart`,
      siteOrigin: SITE_ORIGIN,
      apiOrigin: 'https://api.example.com',
    })
    try {
      const again = await fetch(`${apart.url}${CONTACT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://api.example.com' },
        body: new URLSearchParams({ ...VALID[CONTACT], name: 'A' }).toString(),
      })
      expect(again.status).toBe(422)
      // Its pages lead to the site by the site's origin.
      expect(await again.text()).toContain(`href="${SITE_ORIGIN}/"`)
    } finally {
      await apart.close()
    }
  })
})

describe('parseFormBody', () => {
  it('reads each field once as text, + as a space and percent-escapes as UTF-8', () => {
    expect(parseFormBody('name=Asha+Rao&city=Chennai%20%E0%AE%9A&empty=')).toEqual({
      name: 'Asha Rao',
      city: 'Chennai ச',
      empty: '',
    })
  })

  it('reads a percent-escape that is not UTF-8 as U+FFFD, never as half a surrogate', () => {
    expect(parseFormBody('name=%ED%A0%80')).toEqual({ name: '\ufffd\ufffd\ufffd' })
  })

  it('gives a field named like an Object method its own property', () => {
    const fields = parseFormBody('constructor=x&toString=y')
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
    expect(fields).toEqual({ constructor: 'x', toString: 'y' })
  })
})
