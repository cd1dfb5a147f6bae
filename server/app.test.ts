import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  makeSite,
  postJson,
  SITE_ORIGIN,
  type SiteFixture,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import type { RunningServer } from './serve.ts'
import { submissionsCsv } from './submissions-format.ts'

let site: SiteFixture
let server: RunningServer
const logLines: string[] = []

beforeAll(async () => {
  site = await makeSite()
})

// A server of its own for each test, on the same data folder: the routes, hooks and options it is
// built with then count as run by the test, so a mutation run sees which test holds them
// (docs/testing.md, "What makes a test count here").
beforeEach(async () => {
  server = await startFixtureServer(site, {
    siteOrigin: SITE_ORIGIN,
    log: (line) => logLines.push(line),
  })
})

afterEach(() => server?.close())

afterAll(() => site?.cleanup())

const api = (path: string) => `${server.url}${path}`
const rowsOf = async (kind: string) =>
  (await server.storage.list({ spam: true })).filter((r) => r.kind === kind)

describe('POST endpoints', () => {
  it.each([
    ['/api/contactinformations', 'contact', null],
    ['/api/productregistration', 'enquiry', 'szephyr'],
    ['/api/warrantyregistration', 'warranty', 'smazer'],
  ] as const)('%s answers 201 {id} once the row is stored', async (path, kind, product) => {
    const response = await postJson(api(path), VALID[path])
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: string }
    expect(Object.keys(body)).toEqual(['id'])
    const row = (await server.storage.list({ spam: true })).find((r) => r.id === body.id)
    expect(row).toMatchObject({ kind, product, spam: false })
    expect(row?.payload).toEqual(VALID[path])
    expect(Number.isNaN(Date.parse(row?.receivedAt ?? ''))).toBe(false)
  })

  it('stores the cleaned payload: trimmed, only the form fields', async () => {
    const response = await postJson(api('/api/productregistration'), {
      ...VALID['/api/productregistration'],
      name: ' Ravi Kumar ',
      company_gst: '   ',
      extra: 'not a field',
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const row = (await server.storage.list()).find((r) => r.id === id)
    expect(row?.payload).toEqual({ ...VALID['/api/productregistration'], name: 'Ravi Kumar' })
  })
})

describe('422 with the browser messages', () => {
  it('names every missing contact field', async () => {
    const response = await postJson(api('/api/contactinformations'), {})
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        description: 'Description is required',
      },
    })
  })

  it('gives the contact rule messages', async () => {
    const response = await postJson(api('/api/contactinformations'), {
      name: 'R2D2',
      email: '9lives@example.com',
      description: 'Too short',
    })
    expect(await response.json()).toEqual({
      errors: {
        name: 'Name should not contain numbers and symbols',
        email: 'Email should not start with a number',
        description: 'Description should be at least 26 characters',
      },
    })
  })

  it('keeps the enquiry quirks and refuses an unknown product', async () => {
    const response = await postJson(api('/api/productregistration'), {
      ...VALID['/api/productregistration'],
      product_name: 'nope',
      name: '   ',
      phone: '12345',
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      errors: {
        product_name: 'Unknown product',
        name: 'Name should be at least 3 characters',
        phone: 'Phone must be 10 digits',
      },
    })
  })

  it('refuses a warranty for a product not in the catalogue, and wrong types', async () => {
    const response = await postJson(api('/api/warrantyregistration'), {
      ...VALID['/api/warrantyregistration'],
      product: 'smartpanel',
      email: 42,
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      errors: { email: 'Email must be text', product: 'Choose your product' },
    })
  })

  it('stores nothing for a refused body', async () => {
    const before = (await server.storage.list({ spam: true })).length
    await postJson(api('/api/contactinformations'), { name: 'x' })
    expect((await server.storage.list({ spam: true })).length).toBe(before)
  })
})

describe('requests the API refuses', () => {
  it('400 for broken JSON, saying what is wrong', async () => {
    const response = await postJson(api('/api/contactinformations'), '{"name": "Asha",')
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: string }
    expect(error).toMatch(/^The request body is not valid JSON: /)
  })

  it.each([
    ['an empty body', '', 'The request body is empty; send the form as a JSON object.'],
    ['a list', '[1, 2]', 'The request body must be a JSON object with the form fields.'],
    ['a string', '"hello"', 'The request body must be a JSON object with the form fields.'],
    ['null', 'null', 'The request body must be a JSON object with the form fields.'],
    [
      'a __proto__ key',
      '{"__proto__": {"admin": true}}',
      'The request body holds a "__proto__" key, which is not allowed.',
    ],
  ])('400 for %s', async (_name, body, error) => {
    const response = await postJson(api('/api/contactinformations'), body)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error })
  })

  it('413 over 16 KB', async () => {
    const body = JSON.stringify({ ...VALID['/api/contactinformations'], padding: 'x'.repeat(16 * 1024) })
    const response = await postJson(api('/api/contactinformations'), body)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      error: 'The request body is larger than 16 KB; a form submission is much smaller.',
    })
  })

  it.each([
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/json-seq',
  ])('415 for %s', async (type) => {
    const response = await fetch(api('/api/contactinformations'), {
      method: 'POST',
      headers: { 'content-type': type },
      body: JSON.stringify(VALID['/api/contactinformations']),
    })
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({
      error:
        'Send the form as JSON (Content-Type: application/json) or as an HTML form (application/x-www-form-urlencoded).',
    })
  })

  it('415 without a content type', async () => {
    const response = await fetch(api('/api/contactinformations'), { method: 'POST' })
    expect(response.status).toBe(415)
  })

  it.each([
    [
      { 'content-type': 'application/json; charset=utf-16' },
      'The body must be UTF-8; charset=utf-16 is not read.',
    ],
    [
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      'Send the body uncompressed; Content-Encoding: gzip is not read.',
    ],
  ])('415 for a body it would misread: %j', async (headers, error) => {
    const response = await postJson(
      api('/api/contactinformations'),
      VALID['/api/contactinformations'],
      headers,
    )
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({ error })
  })

  it('accepts application/json with a charset', async () => {
    const response = await postJson(api('/api/contactinformations'), VALID['/api/contactinformations'], {
      'content-type': 'application/json; charset=utf-8',
    })
    expect(response.status).toBe(201)
  })

  it('404 JSON for an unknown API path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(api('/api/nope?x=1'), { method })
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ error: 'There is no API endpoint at /api/nope.' })
    }
  })

  it('405 for other methods on an endpoint, with Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(api('/api/productregistration'), { method })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST, OPTIONS')
      expect(await response.json()).toEqual({
        error: `${method} is not allowed here; send the form with POST.`,
      })
    }
  })

  it('405 for POST to a page', async () => {
    const response = await fetch(api('/aboutus'), { method: 'POST', body: 'a=b' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and stores once', async () => {
    const headers = { 'idempotency-key': 'repeat-1' }
    const first = await postJson(api('/api/contactinformations'), VALID['/api/contactinformations'], headers)
    const second = await postJson(api('/api/contactinformations'), VALID['/api/contactinformations'], headers)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    const body = await first.json()
    expect(await second.json()).toEqual(body)
    expect((await server.storage.list()).filter((r) => r.id === (body as { id: string }).id)).toHaveLength(1)
  })

  it('stores once when the repeats arrive together', async () => {
    const before = (await rowsOf('warranty')).length
    const headers = { 'idempotency-key': 'together-1' }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postJson(api('/api/warrantyregistration'), VALID['/api/warrantyregistration'], headers),
      ),
    )
    const bodies = await Promise.all(answers.map((r) => r.json()))
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1)
    expect((await rowsOf('warranty')).length).toBe(before + 1)
  })

  it('refuses the key with a different body (409)', async () => {
    const headers = { 'idempotency-key': 'reused-1' }
    await postJson(api('/api/contactinformations'), VALID['/api/contactinformations'], headers)
    const other = await postJson(
      api('/api/contactinformations'),
      { ...VALID['/api/contactinformations'], name: 'Someone Else' },
      headers,
    )
    expect(other.status).toBe(409)
  })

  it('does not keep a refusal: the corrected body goes through with the same key', async () => {
    const headers = { 'idempotency-key': 'fix-then-send' }
    const refused = await postJson(api('/api/contactinformations'), { name: 'Asha' }, headers)
    expect(refused.status).toBe(422)
    const accepted = await postJson(
      api('/api/contactinformations'),
      VALID['/api/contactinformations'],
      headers,
    )
    expect(accepted.status).toBe(201)
  })

  it('400 for a malformed key', async () => {
    const response = await postJson(api('/api/contactinformations'), VALID['/api/contactinformations'], {
      'idempotency-key': 'k'.repeat(300),
    })
    expect(response.status).toBe(400)
  })
})

describe('honeypot', () => {
  it('answers 201 like a real submission, stores it as spam and keeps it out of exports', async () => {
    const response = await postJson(api('/api/productregistration'), {
      ...VALID['/api/productregistration'],
      name: 'Bot Bot',
      website: 'http://spam.example',
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect((await server.storage.list()).some((r) => r.id === id)).toBe(false)
    const spam = (await server.storage.list({ spam: true })).find((r) => r.id === id)
    expect(spam).toMatchObject({ spam: true, kind: 'enquiry' })
    expect(spam?.payload).not.toHaveProperty('website')
    expect(submissionsCsv(await server.storage.list())).not.toContain(id)
    expect(submissionsCsv(await server.storage.list({ spam: true }), { spam: true })).toContain(id)
  })

  it('an empty honeypot is a normal submission', async () => {
    const response = await postJson(api('/api/contactinformations'), {
      ...VALID['/api/contactinformations'],
      website: '',
    })
    const { id } = (await response.json()) as { id: string }
    expect((await server.storage.list()).some((r) => r.id === id)).toBe(true)
  })
})

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(api('/api/contactinformations'), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })

  it('allows the configured site origin', async () => {
    const response = await preflight(SITE_ORIGIN)
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN)
    expect(response.headers.get('access-control-allow-methods')).toBe('POST')
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/)
    const post = await postJson(api('/api/contactinformations'), VALID['/api/contactinformations'], {
      origin: SITE_ORIGIN,
    })
    expect(post.status).toBe(201)
    expect(post.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN)
  })

  it('allows no other origin', async () => {
    const response = await preflight('https://evil.example')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('access-control-allow-methods')).toBeNull()
    const post = await postJson(api('/api/contactinformations'), {}, { origin: 'https://evil.example' })
    expect(post.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('static site', () => {
  const get = (path: string, init?: RequestInit) => fetch(api(path), { redirect: 'manual', ...init })

  it.each([
    ['/', 'Home page'],
    ['/aboutus', 'About us'],
    ['/aboutus/', 'About us'],
    ['/aboutus/index.html', 'About us'],
    ['/privacy_policy', 'Privacy policy'],
    ['/privacy_policy/', 'Privacy policy'],
  ])('%s serves its page', async (path, heading) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toContain(heading)
  })

  it.each([
    '/nope',
    '/aboutus/nope',
    '/_headers',
    '/_redirects',
    '/%2e%2e/package.json',
    '/.env',
  ])('%s is 404.html with status 404', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page not found')
  })

  it('applies _headers by path', async () => {
    const page = await get('/aboutus')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    // No rule of its own for the page in this fixture: revalidated, like the pages the build lists.
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const asset = await get('/assets/app-1a2b3c.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const missing = await get('/nope')
    expect(missing.headers.get('x-frame-options')).toBe('DENY')
  })

  it('follows _redirects for paths without a file, keeping the query', async () => {
    const product = await get('/products/nope?ref=menu')
    expect(product.status).toBe(302)
    expect(product.headers.get('location')).toBe('/comingsoon?ref=menu')
    const moved = await get('/old-about')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/aboutus')
  })

  it('answers HEAD without a body', async () => {
    const response = await get('/aboutus', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('answers a conditional GET with 304', async () => {
    const first = await get('/aboutus')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    // fetch adds `Cache-Control: no-cache` (which forces a full answer) unless told otherwise.
    const again = await get('/aboutus', { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })
    expect(again.status).toBe(304)
  })
})

describe('request log', () => {
  it('writes method, path, status and time, and no personal data', async () => {
    await postJson(api('/api/contactinformations?from=test'), VALID['/api/contactinformations'])
    const line = logLines.findLast((l) => l.startsWith('POST /api/contactinformations '))
    expect(line).toMatch(/^POST \/api\/contactinformations 201 \d+\.\dms$/)
    const all = logLines.join('\n')
    expect(all).not.toContain('asha@example.com')
    expect(all).not.toContain('Asha Rao')
    expect(all).not.toContain('127.0.0.1')
  })
})

describe('rate limit', () => {
  let limited: RunningServer

  beforeEach(async () => {
    limited = await startFixtureServer(site, { dataDir: `${site.data}-limited`, rateLimit: 3 })
  })

  afterEach(() => limited?.close())

  it('429 with Retry-After past the per-client limit; pages are not limited', async () => {
    const post = () => postJson(`${limited.url}/api/contactinformations`, VALID['/api/contactinformations'])
    const allowed = [await post(), await post(), await post()]
    expect(allowed.map((r) => r.status)).toEqual([201, 201, 201])
    const refused = await post()
    expect(refused.status).toBe(429)
    const wait = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(wait) && wait >= 1 && wait <= 60).toBe(true)
    expect(await refused.json()).toEqual({
      error: `Too many requests from this address; try again in ${wait} s.`,
    })
    expect(await limited.storage.list()).toHaveLength(3)
    expect((await fetch(`${limited.url}/aboutus`)).status).toBe(200)
  })
})

describe('bad URLs', () => {
  it('400 JSON for a URL that cannot be decoded', async () => {
    const response = await fetch(`${server.url}/%E0%A4%A`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'The URL cannot be read: it holds a %-escape that is not UTF-8 text.',
    })
  })
})

describe('methods no route names', () => {
  it('405 for a page and for an endpoint, 404 JSON for an unknown API path', async () => {
    const page = await fetch(`${server.url}/aboutus`, { method: 'PROPFIND' })
    expect(page.status).toBe(405)
    for (const method of ['PROPFIND', 'MKCOL']) {
      const endpoint = await fetch(`${server.url}/api/contactinformations`, { method })
      expect(endpoint.status).toBe(405)
      expect(endpoint.headers.get('allow')).toBe('POST, OPTIONS')
      expect(endpoint.headers.get('cache-control')).toBe('no-store')
      expect(await endpoint.json()).toEqual({
        error: `${method} is not allowed here; send the form with POST.`,
      })
    }
    for (const path of ['/api/nope', '/api']) {
      const unknown = await fetch(`${server.url}${path}?x=1`, { method: 'PROPFIND' })
      expect(unknown.status).toBe(404)
      expect(await unknown.json()).toEqual({ error: `There is no API endpoint at ${path}.` })
    }
    // A page whose name starts like the API is a page.
    expect((await fetch(`${server.url}/apidocs`, { method: 'PROPFIND' })).status).toBe(405)
  })
})

describe('when the database fails', () => {
  it('answers 500 (never 201), logs the stack, and keeps serving pages', async () => {
    const lines: string[] = []
    const broken = await startFixtureServer(site, {
      dataDir: `${site.data}-broken`,
      log: (line) => lines.push(line),
    })
    try {
      await broken.storage.close()
      const response = await postJson(
        `${broken.url}/api/contactinformations`,
        VALID['/api/contactinformations'],
      )
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        error:
          'The server could not handle this request; a form sent with it was not saved. Please try again later.',
      })
      expect(lines.some((l) => l.startsWith('error: TypeError: The database connection is not open'))).toBe(
        true,
      )
      expect((await fetch(`${broken.url}/aboutus`)).status).toBe(200)
    } finally {
      await broken.close()
    }
  })
})
