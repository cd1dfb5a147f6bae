// The intake API's routes and headers, on a server started inside the test: the routes are registered
// at start, and Stryker switches a planted bug on after beforeAll ran (docs/testing.md).
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { makeSite, postJson, SITE_ORIGIN, startFixtureServer, VALID } from '../tests/server-fixtures.ts'
import { isAllowedOrigin } from './intake-api.ts'
import { DATABASE_FILE } from './storage.ts'

describe('isAllowedOrigin', () => {
  it('allows no Origin, the site origin, and this server’s own address over http or https', () => {
    expect(isAllowedOrigin(undefined, SITE_ORIGIN, 'api.example.com')).toBe(true)
    expect(isAllowedOrigin(SITE_ORIGIN, SITE_ORIGIN, 'api.example.com')).toBe(true)
    expect(isAllowedOrigin('http://127.0.0.1:8080', undefined, '127.0.0.1:8080')).toBe(true)
    expect(isAllowedOrigin('https://192.0.2.10', undefined, '192.0.2.10')).toBe(true)
    expect(isAllowedOrigin('http://[::1]:4173', undefined, '[::1]:4173')).toBe(true)
    expect(isAllowedOrigin('http://localhost:4173', undefined, 'localhost:4173')).toBe(true)
  })

  it('never takes a name from the request’s own Host: a rebound DNS name sends both (issue #32)', () => {
    expect(isAllowedOrigin('https://api.example.com', undefined, 'api.example.com')).toBe(false)
    expect(isAllowedOrigin('http://evil.example', SITE_ORIGIN, 'evil.example')).toBe(false)
    expect(isAllowedOrigin('http://127.0.0.1:8080', undefined, '127.0.0.1:9090')).toBe(false)
  })

  it.each([
    ['another site', 'https://evil.example'],
    ['this host on another scheme', 'ftp://api.example.com'],
    ['this host in an extension page', 'chrome-extension://api.example.com'],
    ['an opaque origin', 'null'],
  ])('refuses %s', (_what, origin) => {
    expect(isAllowedOrigin(origin, SITE_ORIGIN, 'api.example.com')).toBe(false)
  })
})

describe('the intake API on a fresh server', () => {
  it('answers each method and path as the API documents, with its headers, and counts no preflight', async () => {
    const site = await makeSite()
    // Six requests a minute: the four preflights below must not use any of them.
    const server = await startFixtureServer(site, { siteOrigin: SITE_ORIGIN, rateLimit: 6 })
    const url = `${server.url}/api/contactinformations`
    try {
      for (const origin of [SITE_ORIGIN, SITE_ORIGIN, SITE_ORIGIN]) {
        const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin } })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get('allow')).toBe('POST, OPTIONS')
        expect(preflight.headers.get('access-control-max-age')).toBe('600')
        expect(preflight.headers.get('access-control-expose-headers')).toBe('Retry-After')
      }
      const foreign = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } })
      expect(foreign.status).toBe(204)
      expect(foreign.headers.get('access-control-max-age')).toBeNull()

      const created = await postJson(url, VALID['/api/contactinformations'], { origin: SITE_ORIGIN })
      expect(created.status).toBe(201)
      expect(created.headers.get('cache-control')).toBe('no-store')
      expect(created.headers.get('x-content-type-options')).toBe('nosniff')
      expect(created.headers.get('vary')).toBe('Origin')

      const badKey = await postJson(url, VALID['/api/contactinformations'], {
        'idempotency-key': 'has space',
      })
      expect(badKey.status).toBe(400)
      expect(await badKey.json()).toEqual({
        error: 'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters.',
      })

      for (const method of ['GET', 'HEAD']) {
        const other = await fetch(url, { method })
        expect(other.status).toBe(405)
        expect(other.headers.get('allow')).toBe('POST, OPTIONS')
      }
      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['DELETE', '/api'],
      ] as const) {
        const missing = await fetch(`${server.url}${path}`, { method })
        expect(missing.status).toBe(404)
        expect(await missing.json()).toEqual({ error: `There is no API endpoint at ${path}.` })
      }
    } finally {
      await server.close()
      await site.cleanup()
    }
  })

  it('refuses a form posted from another site with 403, saying why', async () => {
    const site = await makeSite()
    const server = await startFixtureServer(site, { siteOrigin: SITE_ORIGIN })
    try {
      const response = await postJson(
        `${server.url}/api/contactinformations`,
        VALID['/api/contactinformations'],
        {
          origin: 'https://evil.example',
        },
      )
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        error: 'This API takes forms only from the site itself; the Origin of this request is not allowed.',
      })
    } finally {
      await server.close()
      await site.cleanup()
    }
  })

  it('stores with each submission a 22-character base64url hash of the client, never its address', async () => {
    const site = await makeSite()
    const server = await startFixtureServer(site)
    try {
      const response = await postJson(
        `${server.url}/api/contactinformations`,
        VALID['/api/contactinformations'],
      )
      expect(response.status).toBe(201)
      const { id } = (await response.json()) as { id: string }
      const db = new Database(path.join(site.data, DATABASE_FILE), { readonly: true })
      try {
        const row = db.prepare('SELECT * FROM submissions WHERE id = ?').get(id) as Record<string, unknown>
        expect(typeof row.client_hash).toBe('string')
        expect(row.client_hash).toMatch(/^[A-Za-z0-9_-]{22}$/)
        expect(Object.values(row).join(' ')).not.toContain('127.0.0.1')
      } finally {
        db.close()
      }
    } finally {
      await server.close()
      await site.cleanup()
    }
  })
})
