import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { annotate } from './annotate.ts'
import { indexPages, writePagesIndex } from './build-index.ts'
import type { SearchPage } from './pages.ts'
import { fromDir, openIndex } from './query.ts'
import { wordCounts } from './words.ts'

/** The suggestion words of some texts, counted as the index counts its pages. */
function vocabulary(texts: string[]): string[] {
  const words = wordCounts()
  for (const text of texts) words.add(text)
  return words.vocabulary()
}

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
afterEach(() => {
  vi.doUnmock('pagefind')
})
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-search-'))
  dirs.push(dir)
  return dir
}

const page = (route: string, meta: SearchPage['meta'], extra: SearchPage['extra'] = []): SearchPage => ({
  route,
  meta,
  weights: { h1: 10 },
  extra,
})
// No lang attribute: the index is English because the build says so.
const html = (main: string, title = '<title>t</title>') =>
  `<!doctype html><html><head>${title}</head><body><main>${main}</main></body></html>`

describe('annotate', () => {
  it('leaves out every interface part of <main>, and keeps the copy around them', async () => {
    const parts = [
      '<nav>navpart</nav>',
      '<form>formpart</form>',
      '<button>buttonpart</button>',
      '<div role="status">statuspart</div>',
      '<p class="eyebrow">eyebrowpart</p>',
      '<div class="btn-row">btnrowpart</div>',
      '<section id="enquirenow">enquirepart</section>',
      '<div class="pstep-float">floatpart</div>',
      '<p class="message-screen__hint">hintpart</p>',
    ]
    const { html: marked, text } = annotate(
      html(`<h1>Heading</h1> ${parts.join(' <p>copy</p> ')}`),
      page('/x', { title: 'X', category: 'Y' }),
    )
    expect(text.replace(/\s+/g, ' ').trim()).toBe('Heading copy copy copy copy copy copy copy copy')
    expect(marked.match(/data-pagefind-ignore="all"/g)).toHaveLength(parts.length)
  })

  it('writes meta and index-only text escaped, leaves out empty meta, and indexes the extra text', async () => {
    const { html: marked, text } = annotate(
      html('<h1>A</h1>'),
      page('/x', { title: 'Plug & "Play" <2>', category: 'Smart home', thumb: '' }, [
        { text: 'Smart & home', weight: 6 },
        { text: 'Plugs <in>', weight: 4 },
      ]),
    )
    expect(marked).toContain(
      '<div data-pagefind-ignore><span data-pagefind-meta="title">Plug &#38; &#34;Play&#34; &#60;2&#62;</span><span data-pagefind-meta="category">Smart home</span><span data-pagefind-filter="title">plug &#38; &#34;play&#34; &#60;2&#62;</span></div><p data-pagefind-weight="6">Smart &#38; home</p><p data-pagefind-weight="4">Plugs &#60;in&#62;</p></main>',
    )
    expect(text).toContain('Smart & home')
    expect(text).toContain('Plugs <in>')
    expect(text).not.toContain('Play')
  })
  it('keeps the words of adjacent elements apart, as the pre-render writes them without spaces between', async () => {
    const { text } = annotate(
      html(
        '<h1>Ring Convertor</h1><p>Carries <b>fibre</b> links</p><ul><li>Warranty</li><li>Covered</li></ul>',
      ),
      page('/x', { title: 'X', category: 'Y' }, [{ text: 'Industrial networking', weight: 6 }]),
    )
    expect(vocabulary([text])).toEqual([
      'carries',
      'convertor',
      'covered',
      'fibre',
      'industrial',
      'links',
      'networking',
      'ring',
      'warranty',
    ])
  })
})

describe('vocabulary', () => {
  it('has no words for text without any', async () => {
    expect(vocabulary(['', '— · —'])).toEqual([])
  })
})

describe('indexPages and writePagesIndex', () => {
  it('builds an English index without the unused UIs, adds the word list, and counts its bytes', async () => {
    const index = await indexPages([
      {
        page: page('/products/ring', { title: 'Ring Convertor', category: 'Networking' }),
        html: html('<h1>Ring Convertor</h1> <p>fibre fibre ring</p>'),
      },
      {
        page: page('/products/plug', { title: 'Plug', category: 'Home' }),
        html: html('<h1>Plug</h1> <p>socket</p>'),
      },
    ])
    const names = index.files.map((f) => f.path)
    expect(names).toContain('wasm.en.pagefind')
    expect(names.filter((n) => /^(pagefind-.*ui|pagefind-highlight|wasm\.unknown)/.test(n))).toEqual([])
    expect(names.filter((n) => !n.includes('/'))).toEqual(
      expect.arrayContaining(['pagefind.js', 'pagefind-entry.json', 'words.json']),
    )
    const words = index.files.find((f) => f.path === 'words.json')
    expect(JSON.parse(new TextDecoder().decode(words?.content))).toEqual([
      'fibre',
      'ring',
      'convertor',
      'plug',
      'socket',
    ])
    expect(index).toMatchObject({ pages: 2, words: 5 })
    expect(index.bytes).toBe(index.files.reduce((n, f) => n + f.content.length, 0))

    const entry = index.files.find((f) => f.path === 'pagefind-entry.json')
    expect(Object.keys(JSON.parse(new TextDecoder().decode(entry?.content)).languages)).toEqual(['en'])
  })

  it('hands pages over without waiting for each answer, and builds the index one page at a time would', async () => {
    // More pages than are ever unanswered at once, with words shared across pages so their order counts.
    const pages = Array.from({ length: 120 }, (_, i) => ({
      page: page(`/products/p${i}`, { title: `Product ${i}`, category: i % 2 ? 'Home' : 'Networking' }),
      html: html(`<h1>Product ${i}</h1> <p>switch ${'port '.repeat(i % 7)} fibre ${i % 5 ? 'ring' : ''}</p>`),
    }))
    const pipelined = await indexPages(pages)
    // The same pages, each added only once Pagefind has answered the one before.
    const pagefind = await import('pagefind')
    const { index } = await pagefind.createIndex({ forceLanguage: 'en' })
    for (const { page: p, html: h } of pages)
      await index?.addHTMLFile({ url: p.route, content: annotate(h, p).html })
    const one = await index?.getFiles()
    await pagefind.close()
    const bytes = (files: readonly { path: string; content: Uint8Array }[]) =>
      Object.fromEntries(files.map((f) => [f.path, Buffer.from(f.content).toString('base64')]))
    const expected = bytes(one?.files ?? [])
    const got = bytes(pipelined.files.filter((f) => f.path !== 'words.json'))
    expect(Object.keys(got).sort()).toEqual(
      Object.keys(expected)
        .filter((name) => !/^(pagefind-.*ui|pagefind-highlight|wasm\.unknown)/.test(name))
        .sort(),
    )
    for (const [name, content] of Object.entries(got)) expect(content, name).toBe(expected[name])
  })

  it('has Pagefind write the files indexPages returns into the site, in place of the old index', async () => {
    // Pages enough for several index chunks and fragments, in folders of their own.
    const pages = Array.from({ length: 80 }, (_, i) => ({
      page: page(`/products/p${i}`, { title: `Product ${i}`, category: i % 3 ? 'Home' : 'Rail' }),
      html: html(
        `<h1>Product ${i}</h1> <p>relay ${'coupler '.repeat(i % 4)} feeder ${i % 6 ? 'mast' : ''}</p>`,
      ),
    }))
    const inMemory = await indexPages(pages)
    const written = await tempDir()
    // What an older index left there goes: a stale chunk, a UI file.
    await mkdir(path.join(written, 'pagefind', 'index'), { recursive: true })
    await writeFile(path.join(written, 'pagefind', 'index', 'en_stale.pf_index'), 'old')
    await writeFile(path.join(written, 'pagefind', 'pagefind-ui.js'), 'old')
    const summary = await writePagesIndex(written, pages)

    const tree = async (root: string) => {
      const dir = path.join(root, 'pagefind')
      const entries = await readdir(dir, { recursive: true, withFileTypes: true })
      const files = entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      return Object.fromEntries(
        await Promise.all(
          files.sort().map(async (f) => [f, (await readFile(path.join(dir, f))).toString('base64')]),
        ),
      ) as Record<string, string>
    }
    const expected = Object.fromEntries(
      inMemory.files
        .map((f) => [f.path.split('/').join(path.sep), Buffer.from(f.content).toString('base64')] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    )
    const got = await tree(written)
    expect(Object.keys(got)).toEqual(Object.keys(expected))
    expect(Object.keys(got)).toContain('words.json')
    expect(Object.keys(got).filter((n) => /stale|pagefind-ui|wasm\.unknown/.test(n))).toEqual([])
    for (const [name, content] of Object.entries(got)) expect(content, name).toBe(expected[name])
    expect(summary).toEqual({ pages: 80, words: inMemory.words, bytes: inMemory.bytes })
  })

  it('says when Pagefind cannot start, index a page or write the index', async () => {
    const failing = (stage: 'start' | 'add' | 'files') => ({
      createIndex: async () =>
        stage === 'start'
          ? { errors: ['no wasm', 'no memory'] }
          : {
              errors: [],
              index: {
                // Only the second of many pages fails: the one named, while later ones are in flight.
                addHTMLFile: async ({ url }: { url: string }) => ({
                  errors: stage === 'add' && url === '/x1' ? ['bad html', 'worse html'] : [],
                }),
                getFiles: async () => ({ errors: ['disk full', 'no space'], files: [] }),
                writeFiles: async () => ({ errors: ['read-only', 'no space'], outputPath: '' }),
              },
            },
      close: async () => {},
    })
    const pages = Array.from({ length: 60 }, (_, i) => ({
      page: page(`/x${i}`, { title: 'X', category: 'Y' }),
      html: html('<h1>X</h1>'),
    }))
    for (const [stage, message] of [
      ['start', 'Pagefind could not start: no wasm; no memory'],
      ['add', 'Pagefind could not index /x1: bad html; worse html'],
      ['files', 'Pagefind could not write the index: disk full; no space'],
    ] as const) {
      // indexPages imports pagefind when it runs, so the mock reaches it without a fresh module.
      vi.doMock('pagefind', () => failing(stage))
      await expect(indexPages(pages)).rejects.toThrow(message)
    }
    await expect(writePagesIndex(await tempDir(), pages)).rejects.toThrow(
      'Pagefind could not write the index: read-only; no space',
    )
  })
})

describe('openIndex', () => {
  it('searches two open indexes side by side, returns at most the limit, and gives fetch back when the last closes', async () => {
    const original = globalThis.fetch
    const client = await tempDir()
    await writePagesIndex(client, [
      {
        page: page('/a', { title: 'Alpha', category: 'C' }),
        html: html('<h1>Alpha</h1><p>shared fibre</p>'),
      },
      { page: page('/b', { title: 'Beta', category: 'C' }), html: html('<h1>Beta</h1><p>shared copper</p>') },
      { page: page('/c', { title: '', category: 'C' }), html: html('<p>untitled shared</p>', '') },
    ])
    const first = await openIndex(fromDir(path.join(client, 'pagefind')))
    const second = await openIndex(fromDir(path.join(client, 'pagefind')))
    try {
      expect((await first.search('shared')).length).toBe(3)
      expect(await first.search('shared', 1)).toHaveLength(1)
      expect(await first.search('untitled')).toEqual([{ url: '/c', title: '' }])
      // Other requests still go out while an index is open.
      expect(await (await fetch('data:text/plain,elsewhere')).text()).toBe('elsewhere')
      expect((await fetch('/__search-1/pagefind.js?v=1#x')).status).toBe(200)
      expect((await fetch('/__search-1/missing.json')).status).toBe(404)
      await first.close()
      expect(globalThis.fetch).not.toBe(original)
      expect(await second.search('copper')).toEqual([{ url: '/b', title: 'Beta' }])
    } finally {
      await second.close()
    }
    expect(globalThis.fetch).toBe(original)
  })

  it('refuses a folder without pagefind.js and leaves fetch as it was', async () => {
    const original = globalThis.fetch
    await expect(openIndex(fromDir(await tempDir()))).rejects.toThrow('the search index has no pagefind.js')
    expect(globalThis.fetch).toBe(original)
  })
})

describe('the indexer process', () => {
  afterEach(() => vi.doUnmock('pagefind'))

  it('is stopped after each index, also when a page cannot be indexed', async () => {
    const close = vi.fn(async () => {})
    let refuse = false
    vi.doMock('pagefind', () => ({
      createIndex: async () => ({
        errors: [],
        index: {
          addHTMLFile: async () => ({ errors: refuse ? ['the page is too large'] : [] }),
          getFiles: async () => ({ errors: [], files: [] }),
        },
      }),
      close,
    }))
    const page = {
      page: { route: '/', meta: { title: 'Home', category: 'Page' }, weights: {}, extra: [] },
      html: '<html><body><main><h1>Home</h1></main></body></html>',
    }
    await indexPages([page])
    expect(close).toHaveBeenCalledTimes(1)
    refuse = true
    await expect(indexPages([page])).rejects.toThrow('Pagefind could not index /: the page is too large')
    expect(close).toHaveBeenCalledTimes(2)
  })
})
