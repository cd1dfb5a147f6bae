import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { BuildConfig } from '../../renderer/config.ts'
import { headersFor, parseHeadersFile } from '../../server/headers-file.ts'
import { findRedirect, parseRedirectsFile } from '../../server/redirects-file.ts'
import { registerStatic } from '../../server/static.ts'
import { contentSecurityPolicy, headersFile, redirectsFile, writeCdnFiles } from './cdn-files.ts'

const config: BuildConfig = {
  siteUrl: 'https://www.example.test',
  apiBase: '/api',
  storageBase: '/storage',
  assetBase: '/media',
  apiTimeoutMs: 10000,
  analyticsId: '',
}
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** One directive of a CSP, e.g. `connect-src`, as its list of sources. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1)

const cacheControl = (file: string, urlPath: string) =>
  headersFor(parseHeadersFile(file), urlPath).get('cache-control')?.value

describe('_headers', () => {
  it('caches hashed assets for a year, immutable', () => {
    expect(cacheControl(headersFile(''), '/assets/index-1a2b3c.js')).toBe(
      'public, max-age=31536000, immutable',
    )
  })

  it('never marks /media/* or /storage/* immutable: their names carry no hash', () => {
    for (const file of ['/media/products/szephyr-800.webp', '/storage/brochures/UHF.pdf']) {
      const value = cacheControl(headersFile(''), file)
      expect(value, file).toMatch(/max-age=\d+/)
      expect(value, file).not.toContain('immutable')
      expect(Number(/max-age=(\d+)/.exec(value ?? '')?.[1]), file).toBeLessThanOrEqual(7 * 86400)
    }
  })

  it('lets the forms reach an API on another origin (connect-src), and images from an asset CDN', () => {
    const csp = contentSecurityPolicy(
      { ...config, apiBase: 'https://api.example.test/v1', assetBase: 'https://cdn.example.test/media' },
      [],
    )
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://api.example.test'])
    expect(directive(csp, 'img-src')).toContain('https://cdn.example.test')
    expect(directive(contentSecurityPolicy(config, []), 'connect-src')).toEqual(["'self'"])
  })
})

describe('_redirects', () => {
  const { rules, skipped } = parseRedirectsFile(redirectsFile())

  it('is read by the host without skipped lines', () => {
    expect(skipped).toEqual([])
  })

  it.each(['/products/nope', '/productenquiry/nope'])('sends %s to /comingsoon (302)', (from) => {
    const found = findRedirect(rules, from)
    expect(found?.target).toBe('/comingsoon')
    expect(found?.rule.status).toBe(302)
    // Not forced: the pre-rendered pages of real products are served first.
    expect(findRedirect(rules, from, true)).toBeUndefined()
  })
})

describe('sitemap.xml', () => {
  it('lists public pages only: not noindex pages, not pages whose canonical URL is another page', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-cdn-'))
    dirs.push(dir)
    const html = (route: string, head = '') =>
      `<!doctype html><html><head><title>t</title><link rel="canonical" href="${config.siteUrl}${route}">${head}</head><body><h1>t</h1></body></html>`
    await mkdir(path.join(dir, 'aboutus'))
    await mkdir(path.join(dir, 'pdf-redirect'))
    await mkdir(path.join(dir, 'warrantyregistration'))
    await writeFile(path.join(dir, 'index.html'), html('/'))
    await writeFile(path.join(dir, 'aboutus/index.html'), html('/aboutus'))
    await writeFile(
      path.join(dir, 'pdf-redirect/index.html'),
      html('/pdf-redirect', '<meta name="robots" content="noindex, follow">'),
    )
    await writeFile(path.join(dir, 'warrantyregistration/index.html'), html('/productregistration'))
    expect(await writeCdnFiles(dir, config)).toEqual({ pages: 4, public: 2 })
    const sitemap = await readFile(path.join(dir, 'sitemap.xml'), 'utf8')
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort()).toEqual([
      'https://www.example.test/',
      'https://www.example.test/aboutus',
    ])
  })
})

describe('the CDN files as `site serve` honours them', () => {
  /** A built site with the generated CDN files plus the two rule kinds the site may add by hand. */
  async function serveSite(extraRedirects: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-cdn-'))
    dirs.push(dir)
    await mkdir(path.join(dir, 'comingsoon'))
    await mkdir(path.join(dir, 'products/szephyr'), { recursive: true })
    await mkdir(path.join(dir, 'old'))
    await writeFile(path.join(dir, 'index.html'), '<h1>Home</h1>')
    await writeFile(path.join(dir, '404.html'), '<h1>Page not found</h1>')
    await writeFile(path.join(dir, 'comingsoon/index.html'), '<h1>Coming soon</h1>')
    await writeFile(path.join(dir, 'products/szephyr/index.html'), '<h1>SZephyr</h1>')
    await writeFile(path.join(dir, 'old/index.html'), '<h1>Old page</h1>')
    await writeCdnFiles(dir, config)
    await appendFile(path.join(dir, '_redirects'), extraRedirects)
    const app = Fastify()
    const { notFound } = await registerStatic(app, { root: dir })
    app.setNotFoundHandler(notFound)
    return app
  }

  it('answers a 404 rewrite with status 404 and the target page', async () => {
    const app = await serveSite('/retired/*  /404.html  404\n')
    const response = await app.inject('/retired/widget')
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('Page not found')
  })

  it('applies a forced (!) redirect even where a file exists; an unforced rule never shadows a page', async () => {
    const app = await serveSite('/old/*  /  301!\n/old  /  301!\n')
    const forced = await app.inject('/old')
    expect(forced.statusCode).toBe(301)
    expect(forced.headers.location).toBe('/')
    const page = await app.inject('/products/szephyr')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('SZephyr')
    const unknown = await app.inject('/productenquiry/nope')
    expect(unknown.statusCode).toBe(302)
    expect(unknown.headers.location).toBe('/comingsoon')
  })
})
