import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeBuildInfo } from '../build/build-info.ts'
import { assetFile, loaded } from './capture.ts'
import { parseShare, parseWidths } from './flags.ts'
import { sitePages } from './pages.ts'
import { openSides } from './sides.ts'

let dist = ''
beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'site-review-sides-'))
})
afterEach(async () => {
  await rm(dist, { recursive: true, force: true })
})

/** A built site under `root`: its pages, and a build.json for `siteUrl` when given. */
async function site(root: string, pages: string[], siteUrl?: string) {
  for (const page of pages) {
    await mkdir(path.dirname(path.join(root, 'client', page)), { recursive: true })
    await writeFile(path.join(root, 'client', page), '<!doctype html>')
  }
  if (siteUrl) await writeBuildInfo(root, { builtAt: '', release: true, config: { siteUrl } as never })
}
const message = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (e: Error & { hint?: string }) => `${e.message}\nFix: ${e.hint}`,
  )

describe('the pages of a built site', () => {
  it('are its .html files as routes', async () => {
    await site(dist, [
      'index.html',
      'aboutus/index.html',
      'products/a/index.html',
      'customercare.html',
      '404.html',
    ])
    expect(await sitePages(path.join(dist, 'client'))).toEqual([
      '/',
      '/404.html',
      '/aboutus',
      '/customercare.html',
      '/products/a',
    ])
  })
})

describe('the two sides of a review', () => {
  const client = () => path.join(dist, 'client')

  it('pairs pages and lists those only one side has; a dist folder or its client/ both do as --baseline', async () => {
    await site(dist, ['index.html', 'aboutus/index.html', 'products/new/index.html'])
    await site(path.join(dist, 'old'), ['index.html', 'aboutus/index.html', 'products/gone/index.html'])
    for (const baseline of [path.join(dist, 'old'), path.join(dist, 'old', 'client')])
      expect(await openSides(client(), dist, baseline)).toMatchObject({
        common: ['/', '/aboutus'],
        added: ['/products/new'],
        removed: ['/products/gone'],
      })
  })

  it('refuses a missing baseline, saying where it looked and what to pass', async () => {
    await site(dist, ['index.html'])
    expect(await message(openSides(client(), dist))).toMatch(
      /^There is no baseline in .*baseline: it holds the last release build that a later build replaced, and no build has replaced a release build yet\.\nFix: pass --baseline DIR/,
    )
    expect(await message(openSides(client(), dist, path.join(dist, 'nowhere')))).toContain(
      'is not a built site: there is no index.html in it or in its client/ folder.',
    )
  })

  it('refuses an empty baseline', async () => {
    await site(dist, ['index.html'])
    await mkdir(path.join(dist, 'empty'))
    expect(await message(openSides(client(), dist, path.join(dist, 'empty')))).toMatch(
      /holds no \.html pages; there is nothing to compare with\./,
    )
  })

  it('refuses another site: no page in common, or built for another SITE_URL', async () => {
    await site(dist, ['index.html', 'aboutus/index.html'], 'https://www.company.in')
    await site(path.join(dist, 'blog'), ['posts/one/index.html'])
    expect(await message(openSides(client(), dist, path.join(dist, 'blog')))).toContain(
      "is not a build of this site: it has none of this site's 2 pages (its 1 start with /posts/one). Nothing was compared.",
    )
    await site(path.join(dist, 'staging'), ['index.html'], 'https://staging.company.in')
    expect(await message(openSides(client(), dist, path.join(dist, 'staging')))).toContain(
      'it was built for https://staging.company.in, this site for https://www.company.in.',
    )
  })

  it('takes a release with a page renamed and pages added, for the same SITE_URL', async () => {
    await site(dist, ['index.html', 'products/b/index.html'], 'https://www.company.in')
    await site(path.join(dist, 'baseline'), ['index.html', 'products/a/index.html'], 'https://www.company.in')
    expect((await openSides(client(), dist)).common).toEqual(['/'])
  })

  it('needs a built site to review', async () => {
    await site(path.join(dist, 'baseline'), ['index.html'])
    expect(await message(openSides(client(), dist))).toMatch(
      /^There is no built site in .*client to review\./,
    )
  })
})

describe('the flags', () => {
  it('reads widths narrowest first, each once, and refuses what is not a width', () => {
    expect(parseWidths('1440,360, 1000,360')).toEqual([360, 1000, 1440])
    expect(() => parseWidths('360,wide')).toThrow(
      '--widths "360,wide" is not a list of widths from 200 to 3840 px.',
    )
    expect(() => parseWidths('100')).toThrow(/not a list of widths/)
  })

  it('reads --fail-on as a share from 0 to 1', () => {
    expect([
      parseShare('0', '--fail-on'),
      parseShare('0.01', '--fail-on'),
      parseShare('1', '--fail-on'),
    ]).toEqual([0, 0.01, 1])
    for (const bad of ['5%', '2', '-0.1', 'x', ''])
      expect(() => parseShare(bad, '--fail-on')).toThrow(
        `--fail-on must be a share of the page from 0 to 1, not "${bad}".`,
      )
  })
})

describe('an absolute asset base in a build.json', () => {
  it('is answered from the media folder of the site under review, and nothing outside it', () => {
    const base = 'https://cdn.company.in/media'
    expect(assetFile(`${base}/products/szephyr-640.webp`, base, '/site')).toBe(
      path.join('/site', 'media', 'products', 'szephyr-640.webp'),
    )
    expect(assetFile(`${base}/../../etc/passwd`, base, '/site')).toBeUndefined()
    expect(assetFile('https://cdn.company.in/other/x.webp', base, '/site')).toBeUndefined()
    expect(assetFile('/media/x.webp', '/media', '/site')).toBeUndefined()
  })
})

describe('what the shot cache files a request under', () => {
  it('is a path of the side, an asset under an absolute base as its /media/ path, or an address never reached', () => {
    const side = {
      origin: 'http://127.0.0.1:4100',
      client: '/site',
      assetBase: 'https://cdn.company.in/media',
    }
    expect(loaded('http://127.0.0.1:4100/products/szephyr?from=menu', side)).toBe('/products/szephyr')
    expect(loaded('https://cdn.company.in/media/products/szephyr-640.webp', side)).toBe(
      '/media/products/szephyr-640.webp',
    )
    expect(loaded('https://www.googletagmanager.com/gtag/js?id=G-1', side)).toBe(
      'url:https://www.googletagmanager.com/gtag/js?id=G-1',
    )
    // A blob's address is new on every load, and a data: address is part of the page's own bytes.
    expect(loaded('blob:http://127.0.0.1:4100/0b5c3a9e-1f2d-4e5f-8a9b-0c1d2e3f4a5b', side)).toBe('url:blob:')
    expect(loaded('data:image/svg+xml,%3Csvg%3E', side)).toBe('url:data:')
  })
})
