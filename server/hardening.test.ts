// What an outside security and load test of `site serve` found (issue #17), one finding per block.

import { createConnection, type Socket } from 'node:net'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from './serve.ts'
import { makeSite, postJson, type SiteFixture, startFixtureServer, VALID } from './testing.ts'

let site: SiteFixture
let server: RunningServer

beforeAll(async () => {
  site = await makeSite()
  server = await startFixtureServer(site)
})

afterAll(async () => {
  await server?.close()
  await site?.cleanup()
})

const CONTACT = '/api/contactinformations'

describe('a database locked by another process', () => {
  it('answers submissions 503 with Retry-After at once, stores nothing, and keeps serving pages', async () => {
    const before = server.storage.list({ spam: true }).length
    // Another process (a backup, `sqlite3` in a shell) takes the write lock and keeps it.
    const other = new Database(server.storage.file)
    other.exec('BEGIN IMMEDIATE')
    other.prepare("INSERT OR REPLACE INTO meta (name, value) VALUES ('held', '1')").run()
    try {
      const [page, ...posts] = await Promise.all([
        fetch(`${server.url}/aboutus`),
        ...Array.from({ length: 4 }, () => postJson(`${server.url}${CONTACT}`, VALID[CONTACT])),
      ])
      expect(page?.status).toBe(200)
      for (const post of posts) {
        expect(post.status).toBe(503)
        expect(post.headers.get('retry-after')).toBe('2')
        expect(((await post.json()) as { error: string }).error).toMatch(/nothing was stored/)
      }
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect(server.storage.list({ spam: true })).toHaveLength(before)
    // The lock is gone: the same form goes through.
    expect((await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])).status).toBe(201)
  })
})

describe('files that are never served', () => {
  beforeAll(async () => {
    const { mkdir, writeFile } = await import('node:fs/promises')
    await writeFile(`${site.dist}/.env`, 'SECRET=1\n')
    await mkdir(`${site.dist}/.git`, { recursive: true })
    await writeFile(`${site.dist}/.git/config`, '[core]\n')
  })

  it.each([
    ['/_headers'],
    ['/x%2f..%2f_headers'],
    ['/x%2F..%2F_redirects'],
    ['/.env'],
    ['/x%2f..%2f.env'],
    ['/.git/config'],
    ['/assets%2f..%2f.git%2fconfig'],
  ])('%s answers 404 and not the file', async (path) => {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status).toBe(404)
    const body = await response.text()
    expect(body).not.toMatch(/SECRET|\[core\]|X-Content-Type-Options|comingsoon/)
  })
})

describe('a missing file', () => {
  it.each([
    ['/assets/app-0ld0ne.js'],
    ['/assets/missing.css'],
    ['/no-such-page'],
  ])('%s answers 404 that caches must revalidate, with the security headers', async (path) => {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('an existing asset keeps its long cache', async () => {
    const response = await fetch(`${server.url}/assets/app-1a2b3c.js`)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})

describe('the rate limit behind a proxy', () => {
  let proxied: RunningServer

  beforeAll(async () => {
    // One proxy in front: it appends the address it saw to whatever X-Forwarded-For the client sent.
    proxied = await startFixtureServer(site, { dataDir: `${site.data}-proxied`, rateLimit: 2, trustProxy: 1 })
  })

  afterAll(() => proxied?.close())

  const post = (forwardedFor: string) =>
    postJson(`${proxied.url}${CONTACT}`, VALID[CONTACT], { 'x-forwarded-for': forwardedFor })

  it('takes the address the proxy appended, so a forged entry in front does not reset the limit', async () => {
    const statuses = []
    for (let n = 0; n < 4; n++) statuses.push((await post(`10.9.8.${n}, 198.51.100.7`)).status)
    expect(statuses).toEqual([201, 201, 429, 429])
  })

  it('keeps one bucket per client: another client is not held back by the first', async () => {
    expect((await post('198.51.100.8')).status).toBe(201)
  })
})

describe('Origin of a POST', () => {
  it('refuses another site with 403 and stores nothing', async () => {
    const before = server.storage.list({ spam: true }).length
    const response = await postJson(`${server.url}${CONTACT}`, VALID[CONTACT], {
      origin: 'https://evil.example',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: "Forms are accepted from the site's own pages, not from https://evil.example.",
    })
    expect(server.storage.list({ spam: true })).toHaveLength(before)
  })

  it.each([
    ['the server itself', () => server.url],
    ['no Origin (not a browser page)', () => undefined],
  ])('accepts %s', async (_, origin) => {
    const value = origin()
    const response = await postJson(`${server.url}${CONTACT}`, VALID[CONTACT], value ? { origin: value } : {})
    expect(response.status).toBe(201)
  })
})

describe('slow and many clients', () => {
  let strict: RunningServer

  beforeAll(async () => {
    strict = await startFixtureServer(site, {
      dataDir: `${site.data}-strict`,
      requestTimeoutMs: 1_500,
      maxConnections: 3,
    })
  })

  afterAll(() => strict?.close())

  /** A raw connection to the strict server, collecting what it answers until it closes. */
  function connect(): Promise<{ socket: Socket; closed: Promise<string> }> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(strict.port, '127.0.0.1')
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk.toString()
      })
      const closed = new Promise<string>((done) => socket.on('close', () => done(received)))
      socket.once('connect', () => resolve({ socket, closed }))
      socket.once('error', reject)
    })
  }

  it('answers 408 to a body trickled slower than the request timeout, and closes', async () => {
    const { socket, closed } = await connect()
    socket.write(
      `POST ${CONTACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
    )
    const trickle = setInterval(() => socket.write(' '), 400)
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408/)
    } finally {
      clearInterval(trickle)
    }
  })

  it('closes connections over the cap as they arrive, and serves again once they go', async () => {
    const open = await Promise.all([connect(), connect(), connect()])
    const extra = await connect()
    extra.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(await extra.closed).toBe('')
    for (const { socket } of open) socket.destroy()
    await Promise.all(open.map((c) => c.closed))
    expect((await fetch(`${strict.url}/aboutus`)).status).toBe(200)
  })
})

describe('_redirects rules the live server applies', () => {
  let redirecting: RunningServer
  let other: SiteFixture

  beforeAll(async () => {
    other = await makeSite()
    const { writeFile } = await import('node:fs/promises')
    await writeFile(
      `${other.dist}/_redirects`,
      ['/retired /comingsoon 404', '/aboutus /privacy_policy 302!', '/products/* /comingsoon 302', ''].join(
        '\n',
      ),
    )
    redirecting = await startFixtureServer(other)
  })

  afterAll(async () => {
    await redirecting?.close()
    await other?.cleanup()
  })

  it('a 404 rewrite serves its page with status 404, never cached', async () => {
    const response = await fetch(`${redirecting.url}/retired`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Coming soon')
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('a forced (!) redirect applies even where a file exists; an unforced one does not', async () => {
    const forced = await fetch(`${redirecting.url}/aboutus`, { redirect: 'manual' })
    expect(forced.status).toBe(302)
    expect(forced.headers.get('location')).toBe('/privacy_policy')
    const page = await fetch(`${redirecting.url}/comingsoon`, { redirect: 'manual' })
    expect(page.status).toBe(200)
  })
})
