import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import type { BuildConfig } from '../../model/config.ts'
import { testBuildConfig } from '../../tests/build-config.ts'
import { writeCdnFiles } from '../build/cdn-files.ts'
import { paintFirst } from '../build/paint-first.ts'
import { JS_BUDGET, localPath, pageType, verifySite } from './verify.ts'

const config: BuildConfig = testBuildConfig('https://example.test')
const ROUTES = {
  routes: ['/', '/aboutus', '/customercare.html'],
  sitemap: ['/', '/aboutus', '/customercare.html'],
}
const dirs: string[] = []

/** A page as the build leaves it: its scripts wait for the first paint (cli/build/paint-first.ts). */
function page(route: string, options: { h1s?: number; body?: string; head?: string } = {}) {
  const built = paintFirst(vikePage(route, options))
  if (!built) throw new Error('the fixture page has no module entry')
  return built.html
}

/** A page as Vike pre-renders it, with its module entry and a preload. */
function vikePage(route: string, options: { h1s?: number; body?: string; head?: string } = {}) {
  const canonical = `${config.siteUrl}${route}`
  return `<!doctype html><html lang="en"><head><title>Page ${route}</title>
<meta name="description" content="About ${route}">
<link rel="canonical" href="${canonical}">
<link rel="stylesheet" href="/assets/style.css">
<script type="application/ld+json">{"@type":"Organization"}</script>
${options.head ?? ''}</head><body>
${'<h1>Title</h1>'.repeat(options.h1s ?? 1)}
<img src="/media/a.webp" srcset="/media/a.webp 400w" width="400" height="300" alt="">
<a href="/aboutus">About</a> <a href="https://elsewhere.test/x">Out</a> <a href="mailto:a@b.test">Mail</a>
${options.body ?? ''}
<link rel="modulepreload" href="/assets/chunk.js">
<script src="/assets/app.js" type="module" async></script></body></html>`
}

/** A small but complete built site: three routes, 404.html, assets, and the release files. */
async function site(edit: (dir: string) => Promise<void> = async () => {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-verify-'))
  dirs.push(dir)
  const write = async (file: string, text: string | Buffer) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), text)
  }
  await write('index.html', page('/'))
  await write('aboutus/index.html', page('/aboutus'))
  await write('customercare.html', page('/customercare.html'))
  await write('404.html', page('/404').replace(/<link rel="canonical"[^>]*>/, ''))
  await write('assets/app.js', 'console.log(1)')
  await write('assets/chunk.js', 'console.log(2)')
  await write('assets/style.css', 'body{}')
  await write('media/a.webp', 'webp')
  await writeCdnFiles(dir, config, ROUTES.sitemap)
  await edit(dir)
  return dir
}

const failures = async (dir: string, routes = ROUTES) =>
  (await verifySite(dir, config, routes)).failures.map((f) => `${f.page} (${f.file}): ${f.message}`)

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('site verify', () => {
  it('passes a good build and reports its routes with sizes', async () => {
    const dir = await site()
    const report = await verifySite(dir, config, ROUTES)
    expect(report.failures).toEqual([])
    expect(report.rows.map((r) => r.route)).toEqual(['/404.html', '/aboutus', '/customercare.html', '/'])
    expect(report.rows[0]?.jsGzipBytes).toBeGreaterThan(0)
    const sitemap = await readFile(path.join(dir, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain('<loc>https://example.test/aboutus</loc>')
    expect(sitemap).not.toContain('404')
    const headers = await readFile(path.join(dir, '_headers'), 'utf8')
    expect(headers).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/)
    expect(headers).toContain('Cache-Control: public, max-age=31536000, immutable')
  })

  it('names a route the content defines but the build lacks', async () => {
    const dir = await site((d) => rm(path.join(d, 'aboutus/index.html')))
    expect(await failures(dir)).toContain(
      '/aboutus (aboutus/index.html): this route is defined by the content but was not pre-rendered',
    )
  })

  it('names the page and file of a broken link, image, script and stylesheet', async () => {
    const dir = await site(async (d) => {
      await rm(path.join(d, 'media/a.webp'))
      await rm(path.join(d, 'assets/style.css'))
      await rm(path.join(d, 'assets/chunk.js'))
      await writeFile(
        path.join(d, 'customercare.html'),
        page('/customercare.html', { body: '<a href="/nowhere">x</a>' }),
      )
    })
    const found = await failures(dir)
    expect(found).toContain(
      '/customercare.html (customercare.html): link /nowhere does not resolve to a file in dist/client',
    )
    expect(found).toContain(
      '/customercare.html (customercare.html): script /assets/chunk.js does not resolve to a file in dist/client',
    )
    expect(found).toContain(
      '/aboutus (aboutus/index.html): image /media/a.webp does not resolve to a file in dist/client',
    )
    expect(found).toContain(
      '/ (index.html): stylesheet /assets/style.css does not resolve to a file in dist/client',
    )
  })

  it('names pages without a title, description, canonical URL or with two h1', async () => {
    const dir = await site(async (d) => {
      const html = page('/aboutus', { h1s: 2 })
        .replace(/<title>[^<]*<\/title>/, '')
        .replace(/<meta name="description"[^>]*>/, '')
        .replace(/<link rel="canonical"[^>]*>/, '')
      await writeFile(path.join(d, 'aboutus/index.html'), html)
    })
    expect((await failures(dir)).filter((f) => f.startsWith('/aboutus'))).toEqual([
      '/aboutus (aboutus/index.html): no <title>',
      '/aboutus (aboutus/index.html): no meta description',
      '/aboutus (aboutus/index.html): no canonical URL',
      '/aboutus (aboutus/index.html): has 2 <h1> elements; a page needs exactly one',
    ])
  })

  it('names a page with no <h1>', async () => {
    const dir = await site(async (d) => {
      await writeFile(path.join(d, 'aboutus/index.html'), page('/aboutus', { h1s: 0 }))
    })
    expect(await failures(dir)).toEqual([
      '/aboutus (aboutus/index.html): has 0 <h1> elements; a page needs exactly one',
    ])
  })

  it('names a missing 404.html', async () => {
    const dir = await site(async (d) => {
      await rm(path.join(d, '404.html'))
    })
    expect(await failures(dir)).toContain('/404 (404.html): missing')
  })

  it('names a missing file offered by a <picture> source srcset', async () => {
    const dir = await site(async (d) => {
      await writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', {
          body: '<picture><source type="image/avif" srcset="/media/a.avif 400w, /media/a-800.avif 800w"><img src="/media/a.webp" alt=""></picture>',
        }),
      )
      await writeFile(path.join(d, 'media/a.avif'), 'avif')
    })
    expect(await failures(dir)).toEqual([
      '/aboutus (aboutus/index.html): image /media/a-800.avif does not resolve to a file in dist/client',
    ])
  })

  it('names JSON-LD that does not parse', async () => {
    const dir = await site((d) =>
      writeFile(path.join(d, 'index.html'), page('/').replace('{"@type":"Organization"}', '{"@type":')),
    )
    expect((await failures(dir))[0]).toMatch(/^\/ \(index\.html\): JSON-LD does not parse/)
  })

  it('names a sitemap that misses a public page, robots.txt without it, and missing redirects', async () => {
    const dir = await site(async (d) => {
      const sitemap = await readFile(path.join(d, 'sitemap.xml'), 'utf8')
      await writeFile(path.join(d, 'sitemap.xml'), sitemap.replace(/.*aboutus.*\n/, ''))
      await writeFile(path.join(d, 'robots.txt'), 'User-agent: *\n')
      await writeFile(path.join(d, '_redirects'), '')
    })
    expect(await failures(dir)).toEqual([
      '/aboutus (sitemap.xml): the sitemap does not list https://example.test/aboutus',
      '/robots.txt (robots.txt): robots.txt does not name https://example.test/sitemap.xml',
      '/_redirects (_redirects): _redirects does not send unknown /products/* to /comingsoon',
    ])
  })

  it('names a page that requests JavaScript before its first paint', async () => {
    const dir = await site((d) =>
      writeFile(
        path.join(d, 'aboutus/index.html'),
        vikePage('/aboutus', { head: '<script src="/assets/app.js"></script>' }),
      ),
    )
    expect(await failures(dir)).toEqual([
      '/aboutus (aboutus/index.html): requests the script /assets/app.js before its first paint; page scripts load through the paint-first loader',
      '/aboutus (aboutus/index.html): requests the script /assets/app.js before its first paint; page scripts load through the paint-first loader',
      '/aboutus (aboutus/index.html): preloads the module /assets/chunk.js before its first paint; page scripts load through the paint-first loader',
    ])
  })

  it('holds each page type to its own JavaScript budget', () => {
    expect(
      [
        '/',
        '/aboutus',
        '/products/szephyr',
        '/productenquiry/szephyr',
        '/support',
        '/customercare.html',
        '/products/support',
        '/supporters',
        '/old/products/szephyr',
        '/productenquiry/',
        '/products',
        '/compare',
        '/comparesomething',
      ].map(pageType),
    ).toEqual([
      'page',
      'page',
      'product',
      'form',
      'form',
      'form',
      'product',
      'page',
      'page',
      'page',
      'finder',
      'finder',
      'page',
    ])
    expect(JS_BUDGET).toEqual({ page: 108 * 1024, finder: 110 * 1024, product: 112 * 1024, form: 112 * 1024 })
  })

  it('names a page over its JavaScript budget', async () => {
    // Random bytes do not compress: 120 KB of them stays over the 108 KB gzipped budget.
    const dir = await site((d) =>
      writeFile(path.join(d, 'assets/app.js'), randomBytes(120 * 1024).toString('base64')),
    )
    expect(
      (await failures(dir)).some((f) =>
        /^\/ \(index\.html\): loads [\d.]+ KB of gzipped JavaScript; the budget is 108\.0 KB$/.test(f),
      ),
    ).toBe(true)
  })

  it("names a CSP that allows 'unsafe-inline' scripts", async () => {
    const dir = await site(async (d) => {
      const headers = await readFile(path.join(d, '_headers'), 'utf8')
      await writeFile(
        path.join(d, '_headers'),
        headers.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
      )
    })
    expect(await failures(dir)).toEqual(["/_headers (_headers): the CSP allows 'unsafe-inline' scripts"])
  })

  it('takes a title or description of only spaces as missing, and names a canonical URL on another site', async () => {
    const dir = await site(async (d) => {
      const html = page('/aboutus')
        .replace(/<title>[^<]*<\/title>/, '<title>  </title>')
        .replace(/<meta name="description"[^>]*>/, '<meta name="description" content=" ">')
        .replace(/href="https:\/\/example\.test\/aboutus"/, 'href="https://example.test.other/aboutus"')
      await writeFile(path.join(d, 'aboutus/index.html'), html)
    })
    expect((await failures(dir)).filter((f) => f.startsWith('/aboutus'))).toEqual([
      '/aboutus (aboutus/index.html): no <title>',
      '/aboutus (aboutus/index.html): no meta description',
      '/aboutus (aboutus/index.html): canonical URL https://example.test.other/aboutus is not under SITE_URL https://example.test',
    ])
  })

  it('checks every srcset candidate and every <link> but canonical, preconnect and dns-prefetch', async () => {
    const dir = await site((d) =>
      writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', {
          head: '<link rel="preconnect" href="/gone-1"><link rel="dns-prefetch" href="/gone-2"><link rel="icon" href="/gone-3.ico"><link href="/gone-4.css">',
          body: '<img src="/media/a.webp" srcset="  /media/a.webp   400w,/media/gone-5.webp 800w , /media/gone-6.webp 1200w, " alt=""><script type="module">1</script>',
        }).replace('href="https://example.test/aboutus"', 'href="https://example.test/about-us"'),
      ),
    )
    expect((await failures(dir)).filter((f) => f.startsWith('/aboutus'))).toEqual([
      '/aboutus (aboutus/index.html): image /media/gone-5.webp does not resolve to a file in dist/client',
      '/aboutus (aboutus/index.html): image /media/gone-6.webp does not resolve to a file in dist/client',
      '/aboutus (aboutus/index.html): icon /gone-3.ico does not resolve to a file in dist/client',
      '/aboutus (aboutus/index.html): link /gone-4.css does not resolve to a file in dist/client',
      '/aboutus (aboutus/index.html): is in the sitemap but names https://example.test/about-us as its canonical URL',
    ])
  })

  it('holds each page to what lib/pages.ts declares: indexed pages in the sitemap and indexable, others not', async () => {
    const dir = await site(async (d) => {
      await writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', { head: '<meta name="robots" content="noindex">' }),
      )
      await mkdir(path.join(d, 'hidden'))
      await writeFile(path.join(d, 'hidden/index.html'), page('/hidden'))
    })
    expect(await failures(dir)).toEqual([
      '/aboutus (aboutus/index.html): is in the sitemap but tells search engines noindex',
      '/hidden (hidden/index.html): is neither in the sitemap nor noindex: declare it `indexed` in lib/pages.ts, or not, and build again',
    ])
  })

  it('resolves clean URLs as the host does: /x, /x/, /x.html and /x/index.html', async () => {
    const links = [
      '/aboutus',
      '/aboutus/',
      '/customercare',
      '/customercare//',
      '/customercare.html',
      '/',
      '/assets/app.js',
    ]
    const dir = await site((d) =>
      writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', {
          body: [...links, '/nothing/', '/aboutus/x'].map((h) => `<a href="${h}">x</a>`).join(''),
        }),
      ),
    )
    expect((await failures(dir)).filter((f) => f.startsWith('/aboutus'))).toEqual([
      '/aboutus (aboutus/index.html): link /nothing/ does not resolve to a file in dist/client',
      '/aboutus (aboutus/index.html): link /aboutus/x does not resolve to a file in dist/client',
    ])
  })

  it.each([
    ['#top', undefined],
    ['mailto:a@b.test', undefined],
    ['TEL:+911234', undefined],
    ['data:image/png;base64,AA', undefined],
    ['javascript:void(0)', undefined],
    ['', undefined],
    ['https://elsewhere.test/x', undefined],
    ['//elsewhere.test/x', undefined],
    ['https://example.test/aboutus', '/aboutus'],
    ['http://example.test/aboutus', undefined],
    ['//example.test/media/a.webp', '/media/a.webp'],
    ['media/a.webp', '/media/a.webp'],
    ['/media/a%20b.webp?v=1#x', '/media/a b.webp'],
    ['/contact?via=mailto:a@b.test', '/contact'],
  ])('localPath(%j) is %j', (url, expected) => {
    expect(localPath(url, 'https://example.test')).toBe(expected)
  })

  it('names a page whose HTML is over its budget', async () => {
    const dir = await site((d) =>
      writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', { body: `<p>${'x'.repeat(205 * 1024)}</p>` }),
      ),
    )
    expect((await failures(dir)).filter((f) => f.startsWith('/aboutus'))).toEqual([
      '/aboutus (aboutus/index.html): its HTML is 206.3 KB; the budget is 200.0 KB',
    ])
  })

  it('names a missing sitemap, one listing another site, and _headers without a CSP', async () => {
    const missing = await site((d) => rm(path.join(d, 'sitemap.xml')))
    expect(await failures(missing)).toEqual(['/sitemap.xml (sitemap.xml): missing'])
    const foreign = await site(async (d) => {
      const sitemap = await readFile(path.join(d, 'sitemap.xml'), 'utf8')
      await writeFile(
        path.join(d, 'sitemap.xml'),
        sitemap.replace('</urlset>', '<url><loc>https://example.test.other/x</loc></url></urlset>'),
      )
      await writeFile(path.join(d, '_headers'), '/*\n  X-Frame-Options: DENY\n')
    })
    expect(await failures(foreign)).toEqual([
      '/sitemap.xml (sitemap.xml): https://example.test.other/x is listed, but it is not an indexed page of this site',
      '/_headers (_headers): _headers has no Content-Security-Policy',
    ])
    const permanent = await site((d) =>
      writeFile(path.join(d, '_redirects'), '/products/*  /comingsoon  301\n'),
    )
    expect(await failures(permanent)).toEqual([])
    const wrong = await site((d) =>
      writeFile(path.join(d, '_redirects'), '/products/*  /comingsoon  302 extra\n'),
    )
    expect(await failures(wrong)).toEqual([
      '/_redirects (_redirects): _redirects does not send unknown /products/* to /comingsoon',
    ])
  })

  it('takes a meta description without content as missing, and checks an image by its src, with or without a srcset', async () => {
    const dir = await site((d) =>
      writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', {
          body: '<img src="/media/gone.webp" alt=""><img srcset="/media/a.webp 400w" alt="">',
        }).replace(/<meta name="description"[^>]*>/, '<meta name="description">'),
      ),
    )
    expect((await failures(dir)).filter((f) => f.startsWith('/aboutus'))).toEqual([
      '/aboutus (aboutus/index.html): no meta description',
      '/aboutus (aboutus/index.html): image /media/gone.webp does not resolve to a file in dist/client',
    ])
  })

  it('counts only the scripts a page loads from this site: a missing one counts nothing, one from another host is not looked up', async () => {
    const dir = await site(async (d) => {
      await rm(path.join(d, 'assets/chunk.js'))
      await writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', { head: '<link rel="modulepreload" href="https://cdn.elsewhere.test/vendor.js">' }),
      )
    })
    const report = await verifySite(dir, config, ROUTES)
    expect(report.failures.filter((f) => f.page === '/aboutus').map((f) => f.message)).toEqual([
      'script /assets/chunk.js does not resolve to a file in dist/client',
    ])
    const appJs = gzipSync('console.log(1)', { level: 9 }).length
    expect(report.rows.map((r) => [r.route, r.jsGzipBytes, r.jsBudget])).toEqual([
      ['/404.html', appJs, 108 * 1024],
      ['/aboutus', appJs, 108 * 1024],
      ['/customercare.html', appJs, 112 * 1024],
      ['/', appJs, 108 * 1024],
    ])
  })

  it('passes a page of exactly 200 KB of HTML', async () => {
    const html = page('/aboutus', { body: '<p></p>' })
    const exact = html.replace('<p></p>', `<p>${'x'.repeat(200 * 1024 - Buffer.byteLength(html))}</p>`)
    expect(Buffer.byteLength(exact)).toBe(200 * 1024)
    const dir = await site((d) => writeFile(path.join(d, 'aboutus/index.html'), exact))
    expect(await failures(dir)).toEqual([])
  })

  it('names a missing robots.txt and _headers, and a /products/* rule that is commented out; trailing spaces are fine', async () => {
    const dir = await site(async (d) => {
      await rm(path.join(d, 'robots.txt'))
      await rm(path.join(d, '_headers'))
      await writeFile(path.join(d, '_redirects'), '# /products/*  /comingsoon  302\n')
    })
    expect(await failures(dir)).toEqual([
      '/robots.txt (robots.txt): robots.txt does not name https://example.test/sitemap.xml',
      '/_redirects (_redirects): _redirects does not send unknown /products/* to /comingsoon',
      '/_headers (_headers): _headers has no Content-Security-Policy',
    ])
    const spaced = await site((d) =>
      writeFile(path.join(d, '_redirects'), '/products/*  /comingsoon  302  \n'),
    )
    expect(await failures(spaced)).toEqual([])
  })

  it('names a script a page requests before its first paint that is not in the build', async () => {
    const dir = await site((d) =>
      writeFile(
        path.join(d, 'aboutus/index.html'),
        page('/aboutus', { head: '<script src="/assets/old.js"></script>' }),
      ),
    )
    expect(await failures(dir)).toEqual([
      '/aboutus (aboutus/index.html): requests the script /assets/old.js before its first paint; page scripts load through the paint-first loader',
      '/aboutus (aboutus/index.html): script /assets/old.js does not resolve to a file in dist/client',
    ])
  })
})
