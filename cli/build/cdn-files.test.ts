import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BuildConfig } from '../../model/config.ts'
import { headersFor, parseHeadersFile } from '../../server/headers-file.ts'
import { findRedirect, parseRedirectsFile } from '../../server/redirects-file.ts'
import { testBuildConfig } from '../../tests/build-config.ts'
import { copyPages } from './build-cache.ts'
import { contentSecurityPolicy, inlineScriptHashes, openScriptCache, writeCdnFiles } from './cdn-files.ts'

const config: BuildConfig = testBuildConfig('https://www.example.test')
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

const page = (route: string, head = '') =>
  `<!doctype html><html><head><link rel="canonical" href="${config.siteUrl}${route}">${head}</head><body><h1>x</h1></body></html>`

/** A built site with pages, hashed assets and media, and the release files written for `built`. */
async function release(built: BuildConfig = config) {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-cdn-'))
  dirs.push(dir)
  const files: Record<string, string> = {
    'index.html': page('/'),
    '404.html': page('/404'),
    'aboutus/index.html': page('/aboutus'),
    'pdf-redirect/index.html': page('/pdf-redirect', '<meta name="robots" content="noindex">'),
    'assets/entry-a1b2c3.js': '1',
    'assets/chunks/chunk-d4e5f6.js': '2',
    'assets/style-0f0f0f.css': '3',
    'media/hero-800.webp': '4',
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), text)
  }
  await writeCdnFiles(dir, built, ['/', '/aboutus'])
  const read = (name: string) => readFile(path.join(dir, name), 'utf8')
  const headers = parseHeadersFile(await read('_headers'))
  return {
    header: (urlPath: string, name: string) => headersFor(headers, urlPath).get(name)?.value,
    redirects: parseRedirectsFile(await read('_redirects')),
    sitemap: await read('sitemap.xml'),
  }
}

describe('_headers', () => {
  it('caches each hashed asset for a year by its exact path, and nothing missing under /assets', async () => {
    const { header } = await release()
    for (const file of [
      '/assets/entry-a1b2c3.js',
      '/assets/chunks/chunk-d4e5f6.js',
      '/assets/style-0f0f0f.css',
    ])
      expect(header(file, 'cache-control'), file).toBe('public, max-age=31536000, immutable')
    // A host applies matching rules to its 404 as well: a missing asset must match no caching rule.
    expect(header('/assets/entry-999999.js', 'cache-control')).toBeUndefined()
  })

  it('never marks /media as immutable: its names carry no hash, so a changed image keeps its name', async () => {
    const { header } = await release()
    const media = header('/media/hero-800.webp', 'cache-control') ?? ''
    expect(media).toMatch(/max-age=\d+/)
    expect(media).not.toMatch(/immutable/)
  })

  it('lets the forms reach an API on another origin through connect-src', async () => {
    const { header } = await release({ ...config, apiBase: 'https://api.example.test/v1' })
    const csp = header('/aboutus', 'content-security-policy') ?? ''
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.example\.test(;| )/)
    // A local or staging build may call a plain-http API; the browser must be let through to it too.
    const local = await release({ ...config, apiBase: 'http://localhost:8787/api' })
    expect(local.header('/aboutus', 'content-security-policy')).toMatch(
      /connect-src 'self' http:\/\/localhost:8787(;| )/,
    )
  })

  it('asks the host again about every page before showing it, so a release shows at once', async () => {
    const { header } = await release()
    for (const route of ['/', '/aboutus', '/pdf-redirect'])
      expect(header(route, 'cache-control'), route).toBe('public, max-age=0, must-revalidate')
    // The 404 page is the server's (no-store), and a page rule never joins an asset's own.
    expect(header('/404.html', 'cache-control')).toBeUndefined()
    expect(header('/assets/entry-a1b2c3.js', 'cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends the security headers on every path', async () => {
    const { header } = await release()
    for (const urlPath of ['/', '/aboutus', '/assets/entry-a1b2c3.js', '/nowhere']) {
      expect(header(urlPath, 'x-content-type-options'), urlPath).toBe('nosniff')
      expect(header(urlPath, 'content-security-policy'), urlPath).toMatch(/script-src 'self'/)
    }
  })
})

describe('_redirects', () => {
  it.each([
    ['/products/no-such-product'],
    ['/productenquiry/no-such-product'],
  ])('%s without a page ends on /comingsoon with a temporary redirect', async (from) => {
    const { redirects } = await release()
    const found = findRedirect(redirects.rules, from)
    expect(found?.target).toBe('/comingsoon')
    expect(found?.rule.status).toBe(302)
    // Not forced: a product page that exists is served first.
    expect(findRedirect(redirects.rules, from, true)).toBeUndefined()
    expect(redirects.skipped).toEqual([])
  })
})

describe('sitemap.xml', () => {
  it('lists the routes it is given (the indexed pages) under SITE_URL, and nothing else', async () => {
    const { sitemap } = await release()
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://www.example.test/',
      'https://www.example.test/aboutus',
    ])
    expect(sitemap).toContain('<loc>https://www.example.test/</loc>')
    expect(sitemap).toContain('<loc>https://www.example.test/aboutus</loc>')
    expect(sitemap).not.toContain('pdf-redirect')
  })
})

describe('the Content-Security-Policy', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  const built = (route: string, body: string) => ({
    file: 'x.html',
    route,
    html: `<html><body>${body}</body></html>`,
  })

  it('hashes each executable inline script once, sorted, and no script with src or a data type', () => {
    const pages = [
      built('/', '<script>c()</script><script type="module">a()</script><script src="/x.js"></script>'),
      built(
        '/aboutus',
        '<script type="text/javascript">b()</script><script type="application/ld+json">{}</script><script>c()</script>',
      ),
    ]
    // Met as c, a, b; their hashes sort as b, a, c.
    expect(inlineScriptHashes(pages)).toEqual([sha('b()'), sha('a()'), sha('c()')])
  })

  it('allows only the site itself, plus the origins of absolute bases and analytics when set', () => {
    expect(contentSecurityPolicy(config, ["'sha256-A'"])).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-A'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    )
    const remote: BuildConfig = {
      ...config,
      apiBase: 'https://api.company.in/v1',
      assetBase: 'https://cdn.company.in/media',
      storageBase: 'https://cdn.company.in/files',
      analyticsId: 'G-TEST',
    }
    expect(contentSecurityPolicy(remote, [])).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' https://www.googletagmanager.com; style-src 'self' 'unsafe-inline'; img-src 'self' data: https://cdn.company.in; connect-src 'self' https://api.company.in https://www.google-analytics.com; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self' https://api.company.in; frame-ancestors 'none'",
    )
  })
})

describe('the inline scripts of pages taken over from the last build', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  const withScript = (code: string) => `<!doctype html><html><body><script>${code}</script></body></html>`
  /** The script-src of the policy written into `client`'s _headers. */
  const scripts = async (client: string) =>
    /script-src ([^;]*)/.exec(await readFile(path.join(client, '_headers'), 'utf8'))?.[1] ?? ''

  it('are taken from what the last build measured while the file is the same one, and read again once it is not', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-cdn-scripts-'))
    dirs.push(root)
    const cacheDir = path.join(root, 'cache')
    const [previous, client] = [path.join(root, 'previous'), path.join(root, 'client')]
    await mkdir(path.join(previous, 'kept'), { recursive: true })
    await writeFile(path.join(previous, 'kept', 'index.html'), withScript('kept()'))
    await writeFile(path.join(previous, 'index.html'), withScript('home()'))
    await writeCdnFiles(previous, config, ['/'], await openScriptCache(cacheDir, 'tool-1'))
    expect(await scripts(previous)).toContain(sha('kept()'))

    // The next build links the page it takes over and writes the home page afresh.
    await mkdir(client)
    await copyPages(previous, client, ['kept/index.html'])
    await writeFile(path.join(client, 'index.html'), withScript('home2()'))
    // What the cache holds for the kept page is what the policy gets: the page is not read again.
    const saved = JSON.parse(await readFile(path.join(cacheDir, 'cdn-scripts.json'), 'utf8'))
    saved.pages['kept/index.html'].hashes = ["'sha256-measured'"]
    await writeFile(path.join(cacheDir, 'cdn-scripts.json'), JSON.stringify(saved))
    await writeCdnFiles(client, config, ['/'], await openScriptCache(cacheDir, 'tool-1'))
    expect(await scripts(client)).toContain("'sha256-measured'")
    expect(await scripts(client)).toContain(sha('home2()'))
    expect(await scripts(client)).not.toContain(sha('home()'))

    // Written again (a new file at the same path), or measured by another version of the tool: read.
    await rm(path.join(client, 'kept', 'index.html'))
    await writeFile(path.join(client, 'kept', 'index.html'), withScript('kept()'))
    await writeCdnFiles(client, config, ['/'], await openScriptCache(cacheDir, 'tool-1'))
    expect(await scripts(client)).toContain(sha('kept()'))
    expect(await scripts(client)).not.toContain("'sha256-measured'")
    const other = await mkdtemp(path.join(tmpdir(), 'site-cdn-scripts-'))
    dirs.push(other)
    await copyPages(client, other, ['kept/index.html', 'index.html'])
    const again = JSON.parse(await readFile(path.join(cacheDir, 'cdn-scripts.json'), 'utf8'))
    again.pages['kept/index.html'].hashes = ["'sha256-measured'"]
    await writeFile(path.join(cacheDir, 'cdn-scripts.json'), JSON.stringify(again))
    await writeCdnFiles(other, config, ['/'], await openScriptCache(cacheDir, 'tool-2'))
    expect(await scripts(other)).toContain(sha('kept()'))
    expect(await scripts(other)).not.toContain("'sha256-measured'")
  })
})
