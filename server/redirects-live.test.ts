// The `_redirects` rules as the live server applies them (the file format is in redirects-file.test.ts).
import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSite, type SiteFixture, startFixtureServer } from '../tests/server-fixtures.ts'
import type { RunningServer } from './serve.ts'

let site: SiteFixture
let server: RunningServer

beforeAll(async () => {
  site = await makeSite()
  await writeFile(
    `${site.dist}/_redirects`,
    ['/retired /comingsoon 404', '/aboutus /privacy_policy 302!', '/products/* /comingsoon 302', ''].join(
      '\n',
    ),
  )
  server = await startFixtureServer(site)
})

afterAll(async () => {
  await server?.close()
  await site?.cleanup()
})

describe('_redirects on the live server', () => {
  it('a 404 rewrite serves its page with status 404, and caches keep no copy', async () => {
    const response = await fetch(`${server.url}/retired`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Coming soon')
    expect(response.headers.get('cache-control')).toMatch(/no-store|no-cache/)
  })

  it('a forced (!) redirect applies even where a file exists; an unforced one does not', async () => {
    const forced = await fetch(`${server.url}/aboutus`, { redirect: 'manual' })
    expect(forced.status).toBe(302)
    expect(forced.headers.get('location')).toBe('/privacy_policy')
    const unknown = await fetch(`${server.url}/products/nothing`, { redirect: 'manual' })
    expect(unknown.status).toBe(302)
    expect(unknown.headers.get('location')).toBe('/comingsoon')
    expect((await fetch(`${server.url}/comingsoon`, { redirect: 'manual' })).status).toBe(200)
  })
})
