/**
 * What an outside security and load test found (issue #17), one describe per finding; each test fails
 * on the server as it was before the fix.
 */
import { writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
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
import type { RunningServer } from './serve.ts'
import { parseTrustProxy } from './serve-options.ts'
import { NOT_FOUND_CACHE } from './static.ts'
import { DATABASE_FILE } from './storage.ts'

let site: SiteFixture
let server: RunningServer
const CONTACT = '/api/contactinformations'

beforeAll(async () => {
  site = await makeSite()
  await writeFile(path.join(site.dist, '.env'), 'SECRET=1\n')
})

// A server of its own for each test (on the same data folder), so the options it is built with count
// as run by the test in a mutation run (docs/testing.md, "What makes a test count here").
beforeEach(async () => {
  server = await startFixtureServer(site, { siteOrigin: SITE_ORIGIN, busyWaitMs: 200 })
})

afterEach(() => server?.close())

afterAll(() => site?.cleanup())

/** Sends raw bytes and resolves with everything the server answered before closing. */
function raw(url: string, text: string, then?: (socket: ReturnType<typeof connect>) => void) {
  const { hostname, port } = new URL(url)
  return new Promise<string>((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(text)
      then?.(socket)
    })
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(answer))
  })
}

describe('a locked database', () => {
  it('answers submissions 503 with Retry-After, all of them, while pages are served', async () => {
    const holder = new Database(path.join(site.data, DATABASE_FILE))
    holder.exec("BEGIN IMMEDIATE; INSERT INTO meta VALUES ('lock-holder', '1')")
    try {
      const page = fetch(`${server.url}/aboutus`)
      const posts = Array.from({ length: 4 }, () => postJson(`${server.url}${CONTACT}`, VALID[CONTACT]))
      expect((await page).status).toBe(200)
      const answers = await Promise.all(posts)
      expect(answers.map((r) => r.status)).toEqual([503, 503, 503, 503])
      expect(Number(answers[0]?.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await answers[0]?.json()).toEqual({
        error:
          'The form could not be saved just now (the database is busy); nothing was stored. Try again in 5 s.',
      })
    } finally {
      holder.exec('ROLLBACK')
      holder.close()
    }
    expect((await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])).status).toBe(201)
  })
})

describe('404 caching', () => {
  it('never gives a missing asset the year-long immutable caching of its path', async () => {
    const missing = await fetch(`${server.url}/assets/app-0000000.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe(NOT_FOUND_CACHE)
    expect(missing.headers.get('x-frame-options')).toBe('DENY')
    const present = await fetch(`${server.url}/assets/app-1a2b3c.js`)
    expect(present.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})

describe('hidden and host files', () => {
  it.each([
    '/x%2f..%2f_headers',
    '/x%2F..%2F_redirects',
    '/x%2f..%2f.env',
    '/.env',
    '/.git/config',
    '/assets%2f..%2f.env',
  ])('does not serve %s', async (url) => {
    const answer = await raw(server.url, `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 404/)
    expect(answer).not.toContain('SECRET')
    expect(answer).not.toContain('max-age=31536000')
  })
})

describe('Origin of a POST', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }, 403],
    ['an opaque origin', { origin: 'null' }, 403],
    ['the site origin', { origin: SITE_ORIGIN }, 201],
    ['no Origin (curl, a server)', {}, 201],
  ])('%s: %s', async (_what, headers, status) => {
    const before = (await server.storage.list()).length
    const response = await postJson(`${server.url}${CONTACT}`, VALID[CONTACT], headers)
    expect(response.status).toBe(status)
    expect((await server.storage.list()).length).toBe(before + (status === 201 ? 1 : 0))
  })

  it('allows the server’s own origin', async () => {
    const response = await postJson(`${server.url}${CONTACT}`, VALID[CONTACT], { origin: server.url })
    expect(response.status).toBe(201)
  })
})

describe('slow and many connections', () => {
  let strict: RunningServer

  beforeEach(async () => {
    strict = await startFixtureServer(site, {
      dataDir: `${site.data}-strict`,
      requestTimeoutMs: 400,
      headersTimeoutMs: 300,
      maxConnections: 2,
    })
  })

  afterEach(() => strict?.close())

  it('answers 408 to a body trickled too slowly, and closes the connection', async () => {
    const head = `POST ${CONTACT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`
    const answer = await raw(strict.url, head, (socket) => {
      const drip = setInterval(() => socket.write(' '), 100)
      socket.on('close', () => clearInterval(drip))
    })
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  it('refuses connections past the cap', async () => {
    const { hostname, port } = new URL(strict.url)
    const open = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<ReturnType<typeof connect>>((resolve) => {
            const socket = connect(Number(port), hostname, () => resolve(socket))
          }),
      ),
    )
    try {
      const third = await raw(strict.url, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
      expect(third).toBe('')
    } finally {
      for (const socket of open) socket.destroy()
    }
  })
})

describe('one client cannot take every connection (issue #32)', () => {
  let capped: RunningServer

  beforeEach(async () => {
    capped = await startFixtureServer(site, {
      dataDir: `${site.data}-capped`,
      maxConnections: 16,
      connectionsPerClient: 4,
    })
  })

  afterEach(() => capped?.close())

  /** A socket from `from` that sends one GET and then sits idle on its keep-alive connection. */
  function idleSocket(
    from: string,
  ): Promise<{ socket: ReturnType<typeof connect>; answer: Promise<string> }> {
    const { hostname, port } = new URL(capped.url)
    return new Promise((resolve) => {
      const socket = connect({ port: Number(port), host: hostname, localAddress: from }, () => {
        socket.write('GET /aboutus HTTP/1.1\r\nHost: x\r\n\r\n')
        let text = ''
        const answer = new Promise<string>((done) => {
          socket.on('data', (chunk) => {
            text += chunk.toString()
            if (text.includes('\r\n\r\n')) done(text)
          })
          socket.on('close', () => done(text))
        })
        resolve({ socket, answer })
      })
      socket.on('error', () => {})
    })
  }

  /** A GET and a submission from another address, on connections of their own. */
  function otherClient(path: string, body?: unknown): Promise<number> {
    const { port } = new URL(capped.url)
    return new Promise((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body)
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          localAddress: '127.0.0.2',
          path,
          method: text ? 'POST' : 'GET',
          agent: false,
          headers: text
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }
            : {},
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      req.end(text)
    })
  }

  it('answers a client past its share 429 at once, and another client is still served', async () => {
    // More sockets than the whole server may hold, all from one address.
    const greedy = await Promise.all(Array.from({ length: 20 }, () => idleSocket('127.0.0.1')))
    try {
      const answers = await Promise.all(greedy.map((g) => g.answer))
      const statuses = answers.map((a) => Number(/^HTTP\/1\.1 (\d{3})/.exec(a)?.[1]))
      expect(statuses.filter((s) => s === 200)).toHaveLength(4)
      expect(statuses.filter((s) => s === 429)).toHaveLength(16)
      const refusal = answers.find((a) => a.startsWith('HTTP/1.1 429')) ?? ''
      expect(refusal).toMatch(/^Retry-After: 5\r$/m)
      expect(refusal).toMatch(/^X-Frame-Options: DENY\r$/m)
      expect(await otherClient('/aboutus')).toBe(200)
      expect(await otherClient(CONTACT, VALID[CONTACT])).toBe(201)
    } finally {
      for (const { socket } of greedy) socket.destroy()
    }
  })

  it('does not cap a trusted proxy, whose connections carry many clients', async () => {
    await capped.close()
    capped = await startFixtureServer(site, {
      dataDir: `${site.data}-capped`,
      connectionsPerClient: 2,
      trustProxy: ['127.0.0.0/8'],
    })
    const sockets = await Promise.all(Array.from({ length: 5 }, () => idleSocket('127.0.0.1')))
    try {
      const answers = await Promise.all(sockets.map((s) => s.answer))
      expect(answers.map((a) => a.slice(0, 12))).toEqual(answers.map(() => 'HTTP/1.1 200'))
    } finally {
      for (const { socket } of sockets) socket.destroy()
    }
  })

  it('closes an idle keep-alive connection after 5 s (Fastify’s default was 72 s)', async () => {
    expect(capped.fastify.server.keepAliveTimeout).toBe(5_000)
    const quick = await startFixtureServer(site, { dataDir: `${site.data}-quick`, keepAliveTimeoutMs: 100 })
    try {
      const { hostname, port } = new URL(quick.url)
      const closed = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), hostname, () =>
          socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
        )
        let text = ''
        socket.on('data', (chunk) => {
          text += chunk.toString()
        })
        socket.on('close', () => resolve(text))
      })
      expect(closed).toMatch(/^HTTP\/1\.1 200 /)
    } finally {
      await quick.close()
    }
  })
})

describe('rate limit behind proxies', () => {
  let proxied: RunningServer

  beforeEach(async () => {
    proxied = await startFixtureServer(site, {
      dataDir: `${site.data}-proxied`,
      rateLimit: 2,
      // What a bare `--trust-proxy` means: one proxy in front.
      trustProxy: parseTrustProxy(true),
    })
  })

  afterEach(() => proxied?.close())

  const post = (forwardedFor: string) =>
    postJson(`${proxied.url}${CONTACT}`, VALID[CONTACT], { 'x-forwarded-for': forwardedFor })

  it('counts the address the proxy saw, whatever the client wrote before it; another client still gets through', async () => {
    const statuses = []
    for (let n = 0; n < 6; n++) statuses.push((await post(`10.9.8.${n}, 203.0.113.7`)).status)
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429])
    expect((await post('198.51.100.2')).status).toBe(201)
  })

  it('counts an IPv6 client by its /64, so it cannot pick a fresh address for each request (issue #32)', async () => {
    const statuses = []
    for (let n = 1; n <= 4; n++) statuses.push((await post(`2001:db8:7:7::${n.toString(16)}`)).status)
    expect(statuses).toEqual([201, 201, 429, 429])
    expect((await post('2001:db8:7:8::1')).status).toBe(201)
  })

  it('reads --trust-proxy as a hop count or the proxies’ addresses, and says what is wrong', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined()
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5')).toEqual(['10.0.0.0/8', '192.168.1.5'])
    expect(() => parseTrustProxy('proxy.example')).toThrow(
      '--trust-proxy "proxy.example" is neither a number of proxies nor an IP address or range.',
    )
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/)
  })
})

describe('the smaller findings (point 9)', () => {
  const nosniff = (headers: Headers) => headers.get('x-content-type-options')

  it('gives a redirect, an API error and a 405 the security headers a file gets', async () => {
    const redirect = await fetch(`${server.url}/products/nothing-here`, { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    expect(nosniff(redirect.headers)).toBe('nosniff')
    expect(redirect.headers.get('x-frame-options')).toBe('DENY')
    const bad = await fetch(`${server.url}${CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE_ORIGIN },
      body: '{not json',
    })
    expect(bad.status).toBe(400)
    expect(nosniff(bad.headers)).toBe('nosniff')
    const notAllowed = await fetch(`${server.url}/aboutus`, { method: 'DELETE' })
    expect(notAllowed.status).toBe(405)
    expect(nosniff(notAllowed.headers)).toBe('nosniff')
    // Caching comes from a file's own path only, never onto an API answer.
    expect(bad.headers.get('cache-control')).not.toContain('immutable')
  })

  it('answers a request Node refuses with the API’s {error} body and the security headers', async () => {
    const huge = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`
    const tooLarge = await raw(server.url, huge)
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /)
    expect(tooLarge).toMatch(/^X-Content-Type-Options: nosniff\r$/m)
    expect(JSON.parse(tooLarge.slice(tooLarge.indexOf('\r\n\r\n') + 4))).toEqual({
      error: expect.stringContaining('headers are too large'),
    })
    const malformed = await raw(server.url, 'GET / HTTP/1.1\r\nHost x\r\n\r\n')
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /)
    expect(malformed).toMatch(/^X-Frame-Options: DENY\r$/m)
    expect(malformed).toContain('{"error":"The request is not valid HTTP/1.1."}')
  })

  it('says how long the file is when a range lies past its end (416 with Content-Range)', async () => {
    const answer = await fetch(`${server.url}/assets/app-1a2b3c.js`, { headers: { range: 'bytes=5000-' } })
    expect(answer.status).toBe(416)
    expect(answer.headers.get('content-range')).toBe(`bytes */${'console.log("app")'.length}`)
  })
})

describe('the smaller findings of issue #32 (point 8)', () => {
  const header = (answer: string, name: string) =>
    new RegExp(`^${name}: (.*)\r$`, 'mi').exec(answer.slice(0, answer.indexOf('\r\n\r\n') + 2))?.[1]

  it.each([
    ['an undecodable URL', 'GET /%c0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['an HTTP/1.1 request without Host', 'GET /aboutus HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    [
      'an Expect it cannot meet',
      'GET /aboutus HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
      417,
    ],
  ])('answers %s with the security headers, no-store and a message that does not echo the request', async (_what, request, status) => {
    const answer = await raw(server.url, request)
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(header(answer, 'X-Frame-Options')).toBe('DENY')
    expect(header(answer, 'X-Content-Type-Options')).toBe('nosniff')
    expect(header(answer, 'Cache-Control')).toBe('no-store')
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: string }
    expect(body.error).not.toMatch(/%c0|teapot/i)
    expect(body.error.length).toBeGreaterThan(20)
  })

  it('gives every answer a Cache-Control: redirects, 405, 206, 416 and files without a rule of their own', async () => {
    await writeFile(path.join(site.dist, 'sitemap.xml'), '<urlset/>')
    const caching = async (url: string, init: RequestInit = {}) => {
      const answer = await fetch(`${server.url}${url}`, { redirect: 'manual', ...init })
      await answer.arrayBuffer()
      return [answer.status, answer.headers.get('cache-control')]
    }
    const REVALIDATE = 'public, max-age=0, must-revalidate'
    expect(await caching('/products/nothing-here')).toEqual([302, REVALIDATE])
    expect(await caching('/aboutus', { method: 'DELETE' })).toEqual([405, 'no-store'])
    expect(await caching('/sitemap.xml')).toEqual([200, REVALIDATE])
    expect(await caching('/sitemap.xml', { headers: { range: 'bytes=0-3' } })).toEqual([206, REVALIDATE])
    expect(await caching('/sitemap.xml', { headers: { range: 'bytes=500-' } })).toEqual([416, 'no-store'])
    // A rule's own caching stays.
    expect(await caching('/assets/app-1a2b3c.js')).toEqual([200, 'public, max-age=31536000, immutable'])
  })

  it.each([
    '/404',
    '/404.html',
    '/404/',
  ])('answers %s with the not-found page and status 404, never 200', async (url) => {
    const answer = await fetch(`${server.url}${url}`)
    expect(answer.status).toBe(404)
    expect(await answer.text()).toContain('Page not found')
    expect(answer.headers.get('cache-control')).toBe(NOT_FOUND_CACHE)
  })

  it('refuses a POST whose Origin only matches the Host it sent itself (a rebound DNS name)', async () => {
    const { port } = new URL(server.url)
    const post = (host: string, origin: string) =>
      raw(
        server.url,
        `POST ${CONTACT} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(JSON.stringify(VALID[CONTACT]))}\r\nConnection: close\r\n\r\n${JSON.stringify(VALID[CONTACT])}`,
      )
    expect(await post('evil.example', 'http://evil.example')).toMatch(/^HTTP\/1\.1 403 /)
    expect(await post(`evil.example:${port}`, `http://evil.example:${port}`)).toMatch(/^HTTP\/1\.1 403 /)
    // This server's own address, as `npm start` serves the site and its API on one origin.
    expect(await post(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).toMatch(/^HTTP\/1\.1 201 /)
    expect(await post(`localhost:${port}`, `http://localhost:${port}`)).toMatch(/^HTTP\/1\.1 201 /)
  })
})
