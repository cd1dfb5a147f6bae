import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { verifySearch } from '../verify/search.ts'
import { annotate } from './annotate.ts'
import { writePagesIndex } from './build-index.ts'
import { devIndex } from './dev-plugin.ts'
import type { SearchPage } from './pages.ts'
import { fromDir, openIndex } from './query.ts'
import { wordCounts } from './words.ts'

const html = (main: string) =>
  `<!doctype html><html lang="en"><head><title>t</title></head><body><header><nav><a href="/">Home</a> Switch menu</nav></header><main id="main">${main}</main><footer>Footer switch</footer></body></html>`

const product = (slug: string, name: string, category: string): SearchPage => ({
  route: `/products/${slug}`,
  meta: { title: name, category, thumb: `/media/Header/${slug}-160.webp` },
  weights: { h1: 10, '#specifications': 3 },
  extra: [{ text: category, weight: 6 }],
})

const PAGES = [
  {
    page: product('ring', 'Ring Convertor', 'Industrial networking'),
    html: html(
      '<h1>Ring Convertor</h1><p>Carries Ethernet over a fibre ring and mentions a managed switch once.</p><form><label>Name</label></form>',
    ),
  },
  {
    page: product('switch8', 'Rugged 8-Port L2 Managed Switch', 'Industrial networking'),
    html: html(
      '<h1>Rugged 8-Port L2 Managed Switch</h1><p class="eyebrow">Product</p><section id="specifications"><p>IP67 connectors, RS-485 console</p></section>',
    ),
  },
  {
    page: product('socket', 'Inline Socket', 'Smart home'),
    html: html('<h1>Inline Socket</h1><p>Passed the 930 degree glow wire test.</p>'),
  },
]

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

async function built(pages = PAGES) {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-search-'))
  dirs.push(dir)
  const index = await writePagesIndex(dir, pages)
  return { dir, index }
}

describe('annotate', () => {
  it('indexes <main> only, leaves out interface parts, and weighs and labels the page', () => {
    const first = PAGES[1]
    if (!first) throw new Error('fixture')
    const { html: marked, text } = annotate(first.html, first.page)
    expect(marked).toContain('<main id="main" data-pagefind-body>')
    expect(marked).toContain('<h1 data-pagefind-weight="10">')
    expect(marked).toContain('<section id="specifications" data-pagefind-weight="3">')
    expect(marked).toContain('<p class="eyebrow" data-pagefind-ignore="all">')
    expect(marked).toContain('<span data-pagefind-meta="category">Industrial networking</span>')
    expect(text).toContain('IP67')
    expect(text).not.toContain('Product')
    expect(text).not.toContain('Footer')
  })

  it('refuses a page without <main> (our bug, not the content)', () => {
    expect(() => annotate('<html><body><p>x</p></body></html>', product('x', 'X', 'Y'))).toThrow(
      '/products/x has no <main> to index',
    )
  })
})

describe('wordCounts', () => {
  it('keeps words of three or more characters with a letter, most frequent first', () => {
    // Counted text by text, as the index counts each page.
    const words = wordCounts()
    words.add('Switch the switch; RS-485 at 930 degrees')
    words.add('fibre switch')
    expect(words.vocabulary()).toEqual(['switch', 'degrees', 'fibre', 'the'])
  })
})

describe('the index', () => {
  it('finds products by name, feature and specification, best first, with meta and a highlighted excerpt', async () => {
    const { dir, index } = await built()
    expect(index.pages).toBe(3)
    const files = await readdir(path.join(dir, 'pagefind'))
    expect(files).toContain('pagefind.js')
    expect(files).not.toContain('pagefind-ui.js')
    const search = await openIndex(fromDir(path.join(dir, 'pagefind')))
    try {
      expect((await search.search('managed switch')).map((h) => h.url)).toEqual([
        '/products/switch8',
        '/products/ring',
      ])
      expect((await search.search('RS485')).map((h) => h.url)).toEqual(['/products/switch8'])
      expect((await search.search('glow wire'))[0]).toEqual({
        url: '/products/socket',
        title: 'Inline Socket',
      })
      // Header, footer and forms are not indexed.
      expect(await search.search('footer')).toEqual([])
      expect(await search.search('name')).toEqual([])
    } finally {
      await search.close()
    }
  })
})

describe('verifySearch', () => {
  it('passes when each product is the first result for its name', async () => {
    const { dir } = await built()
    expect(
      await verifySearch(dir, [
        { slug: 'ring', name: 'Ring Convertor' },
        { slug: 'switch8', name: 'Rugged 8-Port L2 Managed Switch' },
      ]),
    ).toEqual({ failures: [], warnings: [] })
  })

  it('finds each name first where many names begin with it, as the dialog orders them', async () => {
    // "Rugged Switch 1" and thirty names it begins; its page is the longest, which Pagefind ranks down.
    const names = ['Rugged Switch 1', ...Array.from({ length: 30 }, (_, i) => `Rugged Switch 1${i}`)]
    const pages = names.map((name, i) => ({
      page: product(`s${i}`, name, 'Industrial networking'),
      html: html(
        `<h1>${name}</h1><p>${'Words about nothing in particular. '.repeat(i ? 0 : 60)}A rugged switch.</p>`,
      ),
    }))
    const { dir } = await built(pages)
    const products = names.map((name, i) => ({ slug: `s${i}`, name }))
    expect(await verifySearch(dir, products)).toEqual({ failures: [], warnings: [] })
  })

  it('warns when a name shows its product but not first, and fails when it does not show it', async () => {
    const { dir } = await built()
    // "managed switch": the switch's page by its heading, the Ring Convertor's by a mention.
    const report = await verifySearch(dir, [{ slug: 'ring', name: 'managed switch' }])
    expect(report.failures).toEqual([])
    expect(report.warnings).toEqual([
      {
        page: '/products/ring',
        file: 'pagefind/',
        message:
          'searching for "managed switch" shows /products/switch8 ("Rugged 8-Port L2 Managed Switch") first; this product is number 2',
      },
    ])
    expect(await verifySearch(dir, [{ slug: 'socket', name: 'Ring Convertor' }])).toEqual({
      failures: [
        {
          page: '/products/socket',
          file: 'pagefind/',
          message:
            'searching for "Ring Convertor" shows /products/ring first and not this product among the first 8',
        },
      ],
      warnings: [],
    })
    expect(await verifySearch(dir, [{ slug: 'quokka', name: 'Quokka' }])).toEqual({
      failures: [
        { page: '/products/quokka', file: 'pagefind/', message: 'searching for "Quokka" finds nothing' },
      ],
      warnings: [],
    })
    const empty = await mkdtemp(path.join(tmpdir(), 'site-search-'))
    dirs.push(empty)
    expect((await verifySearch(empty, [])).failures.map((f) => f.file)).toEqual([
      'pagefind/pagefind.js',
      'pagefind/pagefind-entry.json',
      'pagefind/words.json',
    ])
  })
})

describe('devIndex', () => {
  it('builds on first use, keeps the index, and rebuilds after a content change', async () => {
    let copy = 'The Ring Convertor carries Ethernet over fibre.'
    const index = devIndex(async () => [
      {
        page: product('ring', 'Ring Convertor', 'Industrial networking'),
        html: html(`<h1>Ring</h1><p>${copy}</p>`),
      },
    ])
    const find = async (term: string) => {
      const search = await openIndex((name) => index.file(name))
      try {
        return (await search.search(term)).map((h) => h.url)
      } finally {
        await search.close()
      }
    }
    expect(await find('fibre')).toEqual(['/products/ring'])
    expect(await find('fibre')).toEqual(['/products/ring'])
    expect(index.builds).toBe(1)
    copy = 'The Ring Convertor now carries RS232 serial links.'
    index.invalidate()
    expect(await find('fibre')).toEqual([])
    expect(await find('serial')).toEqual(['/products/ring'])
    expect(index.builds).toBe(2)
  })
})
