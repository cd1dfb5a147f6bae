/**
 * The static site as a visitor gets it, on an app built in each test (so a mutation run sees the
 * routes and rules made while the test runs): redirects and rewrites, 404s, other methods, and the
 * headers every answer carries.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type InjectOptions } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { registerStatic } from './static.ts'

const dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

const BASE: Record<string, string> = {
  'index.html': '<h1>Home</h1>',
  '404.html': '<h1>Page not found</h1>',
  'aboutus/index.html': '<h1>About us</h1>',
  'products/smazer/index.html': '<h1>Smazer</h1>',
  'comingsoon/index.html': '<h1>Coming soon</h1>',
}

/** A dist folder with `files` over BASE (a null drops a base file), served by a fresh app. */
async function serve(files: Record<string, string | null>, warn?: (line: string) => void) {
  const root = await mkdtemp(path.join(tmpdir(), 'static-serve-'))
  dirs.push(root)
  for (const [name, text] of Object.entries({ ...BASE, ...files })) {
    if (text === null) continue
    await mkdir(path.dirname(path.join(root, name)), { recursive: true })
    await writeFile(path.join(root, name), text)
  }
  const app = Fastify()
  const site = await registerStatic(app, warn ? { root, warn } : { root })
  app.get('/vanished', async (_request, reply) => reply.callNotFound())
  app.setNotFoundHandler((request, reply) => site.notFound(request, reply))
  await app.ready()
  return { app, site }
}

describe('redirects and rewrites', () => {
  it('keeps the query on a redirect unless the target has its own', async () => {
    const { app } = await serve({ _redirects: '/old /aboutus 301\n/promo /aboutus?utm=fair 302\n' })
    const old = await app.inject('/old?x=1')
    expect(old.statusCode).toBe(301)
    expect(old.headers.location).toBe('/aboutus?x=1')
    const promo = await app.inject('/promo?x=1')
    expect(promo.statusCode).toBe(302)
    expect(promo.headers.location).toBe('/aboutus?utm=fair')
  })

  it('a 200 rule serves the target file at the same address, whatever query the target has', async () => {
    const { app } = await serve({ _redirects: '/app/* /index.html?from=app 200\n' })
    const response = await app.inject('/app/settings')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('<h1>Home</h1>')
  })

  it('a 200 rule whose target is missing gives the 404 page', async () => {
    const { app } = await serve({ _redirects: '/app/* /missing.html 200\n' })
    const response = await app.inject('/app/settings')
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe('<h1>Page not found</h1>')
  })

  it('a 404 rule serves its page with status 404, never cached', async () => {
    const { app } = await serve({ _redirects: '/gone/* /comingsoon 404\n' })
    const response = await app.inject('/gone/x')
    expect(response.statusCode).toBe(404)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe('<h1>Coming soon</h1>')
  })

  it('a file wins over a rule that is not forced', async () => {
    const { app } = await serve({ _redirects: '/products/* /comingsoon 302\n' })
    expect((await app.inject('/products/smazer')).statusCode).toBe(200)
    expect((await app.inject('/products/other')).headers.location).toBe('/comingsoon')
  })

  it('finds the file for a path with a query', async () => {
    const { app } = await serve({})
    const response = await app.inject('/aboutus?ref=mail')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('<h1>About us</h1>')
  })

  it('serves files without caching headers of its own', async () => {
    const { app } = await serve({})
    expect((await app.inject('/aboutus')).headers['cache-control']).toBeUndefined()
  })

  it('says nothing about a site without _redirects, and serves one with bad lines when no one listens', async () => {
    const warned: string[] = []
    const { app } = await serve({}, (line) => warned.push(line))
    expect((await app.inject('/aboutus')).statusCode).toBe(200)
    expect(warned).toEqual([])
    const quiet = await serve({ _redirects: 'not a rule\n/old /aboutus 301\n' })
    expect((await quiet.app.inject('/old')).statusCode).toBe(301)
  })
})

describe('not found and other methods', () => {
  it('answers a missing page with 404.html as HTML', async () => {
    const { app } = await serve({})
    const response = await app.inject('/nowhere')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.body).toBe('<h1>Page not found</h1>')
  })

  it('answers with plain "Not Found" when the build has no 404.html', async () => {
    const { app } = await serve({ '404.html': null })
    const response = await app.inject('/nowhere')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe('Not Found')
  })

  it('a GET or HEAD that no route answers gets the 404 page', async () => {
    const { app } = await serve({})
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/vanished?x=1' })
      expect(response.statusCode).toBe(404)
      expect(response.headers['cache-control']).toBe('no-store')
    }
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as NonNullable<
    InjectOptions['method']
  >[])('%s on a page is 405 with the methods allowed', async (method) => {
    const { app } = await serve({})
    const response = await app.inject({ method, url: '/aboutus' })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('GET, HEAD')
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.body).toBe('Method Not Allowed')
  })

  it('answers 405 before reading the body: one it could not read changes nothing', async () => {
    const { app } = await serve({})
    for (const [type, payload] of [
      ['application/json', '{"broken'],
      ['application/x-unknown', 'x'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/aboutus',
        headers: { 'content-type': type },
        payload,
      })
      expect({ type, status: response.statusCode }).toEqual({ type, status: 405 })
    }
  })

  it('gives a file that vanished the headers its own path has in _headers', async () => {
    const { app } = await serve({ _headers: '/vanished\n  X-Robots-Tag: noindex\n' })
    const response = await app.inject('/vanished')
    expect(response.statusCode).toBe(404)
    expect(response.headers['x-robots-tag']).toBe('noindex')
  })
})

describe('headers for every answer', () => {
  it('are the /* rules of _headers without their caching', async () => {
    const { site } = await serve({
      _headers: [
        '/*',
        '  X-Frame-Options: DENY',
        '  Cache-Control: public, max-age=60',
        '/assets/*',
        '  Cache-Control: public, max-age=31536000, immutable',
        '  X-Asset: yes',
        '/',
        '  X-Home: yes',
        '',
      ].join('\n'),
    })
    expect(site.everywhere).toEqual([{ name: 'X-Frame-Options', value: 'DENY' }])
  })
})
