import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { htmlFilesFor } from '../../lib/pages.ts'
import type { RenderContext } from '../../model/context.ts'
import { markUpKey } from './annotation-cache.ts'
import { PRODUCT_WEIGHTS, searchPages } from './pages.ts'
import { fromDir, openIndex } from './query.ts'
import { buildSiteIndex } from './site-index.ts'

type Ctx = Pick<RenderContext, 'content' | 'images' | 'config'>

const product = (slug: string, name: string, extra: Record<string, unknown> = {}) => ({
  slug,
  name,
  category: `${name} category`,
  summary: `${name} summary`,
  headerImage: `Header/${slug}.png`,
  ...extra,
})

/**
 * Two products (one linking brochure "ring-pdf"), brochures "ring-pdf", "catalogue" and "track-pdf",
 * which the railways page lists.
 */
function context(images: Ctx['images'] = {}): Ctx {
  return {
    content: {
      railways: { brochures: ['track-pdf'] },
      space: {},
      products: [
        product('ring', 'Ring Convertor', { brochure: 'ring-pdf' }),
        product('socket', 'Inline Socket'),
      ],
      brochures: [
        { id: 'ring-pdf', title: 'Ring Convertor' },
        { id: 'catalogue', title: 'Product catalogue' },
        { id: 'track-pdf', title: 'Track monitor' },
      ],
    },
    config: { assetBase: '/media' },
    images: {
      // Widths out of order: the thumbnail is the smallest, not the first or the default.
      'Header/ring.png': { width: 1200, height: 400, widths: [640, 160, 1200, 320], formats: ['webp'] },
      'Header/socket.png': { width: 800, height: 400, widths: [800], formats: ['webp', 'avif'] },
      ...images,
    },
  } as unknown as Ctx
}

describe('searchPages', () => {
  it('lists the company and domain pages, each product with its weights and head facts, the library and every brochure with its subject', async () => {
    const plain = (route: string, title: string, category: string) => ({
      route,
      meta: { title, category },
      weights: { h1: 8 },
      extra: [],
    })
    expect(searchPages(context())).toEqual([
      plain('/', 'Home', 'Company'),
      plain('/aboutus', 'About us', 'Company'),
      plain('/railways', 'Railways', 'Solutions'),
      plain('/space', 'Space', 'Solutions'),
      plain('/products/webandcloudsolutions', 'Web And Cloud Solutions', 'Solutions'),
      {
        route: '/products/ring',
        meta: {
          title: 'Ring Convertor',
          category: 'Ring Convertor category',
          thumb: '/media/Header/ring-160.webp',
        },
        weights: PRODUCT_WEIGHTS,
        extra: [
          { text: 'Ring Convertor category', weight: 6 },
          { text: 'Ring Convertor summary', weight: 4 },
        ],
      },
      {
        route: '/products/socket',
        meta: {
          title: 'Inline Socket',
          category: 'Inline Socket category',
          thumb: '/media/Header/socket-800.webp',
        },
        weights: PRODUCT_WEIGHTS,
        extra: [
          { text: 'Inline Socket category', weight: 6 },
          { text: 'Inline Socket summary', weight: 4 },
        ],
      },
      plain('/brochures', 'Brochures', 'Downloads'),
      {
        ...plain('/brochures/ring-pdf', 'Ring Convertor brochure', 'Brochure · Ring Convertor'),
        weights: { h1: 0.5 },
        extra: [{ text: 'Ring Convertor category brochure', weight: 5 }],
      },
      {
        ...plain('/brochures/catalogue', 'Product catalogue brochure', 'Brochure'),
        weights: { h1: 7 },
        extra: [{ text: 'brochure', weight: 5 }],
      },
      {
        ...plain('/brochures/track-pdf', 'Track monitor brochure', 'Brochure'),
        weights: { h1: 7 },
        extra: [{ text: 'Railways brochure', weight: 5 }],
      },
    ])
  })

  it('lists every brochure when no product links one, after the library', async () => {
    const ctx = context()
    ctx.content.products = ctx.content.products.map(({ brochure: _, ...p }) => p)
    expect(searchPages(ctx).map((p) => p.route)).toEqual([
      '/',
      '/aboutus',
      '/railways',
      '/space',
      '/products/webandcloudsolutions',
      '/products/ring',
      '/products/socket',
      '/brochures',
      '/brochures/ring-pdf',
      '/brochures/catalogue',
      '/brochures/track-pdf',
    ])
  })

  it("shows a draft's placeholder header image as the grey stand-in", async () => {
    const ctx = context()
    ctx.content.products = [product('draft', 'Draft', { headerImage: 'TODO' })] as typeof ctx.content.products
    expect(searchPages(ctx).find((p) => p.route === '/products/draft')?.meta.thumb).toMatch(
      /^data:image\/svg\+xml,.*Image%20to%20come/,
    )
  })
})

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

const html = (title: string, copy = '') =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${copy}</p></main></body></html>`

describe('buildSiteIndex', () => {
  it('indexes each pre-rendered page, from route/index.html or route.html, and writes client/pagefind/', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'site-index-'))
    dirs.push(client)
    await writeFiles(client, PRERENDERED)
    const index = await buildSiteIndex(client, context())
    expect(index.pages).toBe(11)
    expect(await readdir(path.join(client, 'pagefind'))).toContain('pagefind.js')
    const search = await openIndex(fromDir(path.join(client, 'pagefind')))
    try {
      expect(await search.search('fibre ring')).toEqual([{ url: '/products/ring', title: 'Ring Convertor' }])
      expect((await search.search('glow wire')).map((h) => h.url)).toEqual(['/products/socket'])
      // A brochure's subject and the word find the brochure; its product's name finds the product.
      expect((await search.search('railway brochure'))[0]?.url).toBe('/brochures/track-pdf')
      expect((await search.search('Ring Convertor'))[0]?.url).toBe('/products/ring')
    } finally {
      await search.close()
    }
  })

  it('names a page the content lists but the pre-render did not write', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'site-index-'))
    dirs.push(client)
    const { 'space/index.html': _, ...withoutSpace } = PRERENDERED
    await writeFiles(client, withoutSpace)
    await expect(buildSiteIndex(client, context())).rejects.toThrow(
      '/space was not pre-rendered, so it cannot be indexed',
    )
    expect(await readdir(client)).not.toContain('pagefind')
  })
})

describe('buildSiteIndex beside a pre-render that renders part of the site', () => {
  /** Every file of a folder's index, by path, as base64. */
  async function indexFiles(client: string): Promise<Record<string, string>> {
    const dir = path.join(client, 'pagefind')
    const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort()
    return Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, (await readFile(path.join(dir, n))).toString('base64')])),
    )
  }

  it('indexes the pages taken over at once, the rendered ones once written, and writes once every page is in place', async () => {
    // The last build's pages, which this build takes over (its about page with words of its own, to
    // tell where a page was read), and the product page it renders anew.
    const taken: Record<string, string> = {
      ...PRERENDERED,
      'aboutus/index.html': html('About us', 'Founded by lighthouse keepers.'),
    }
    const previous = await tempFolder()
    await writeFiles(previous, { ...taken, 'products/socket/index.html': html('Inline Socket', 'Old copy.') })
    const client = await tempFolder()
    // Each page marked up for Pagefind leaves a file in the mark-up cache: what the index has read.
    const cache = { dir: await tempFolder(), toolKey: 'test' }
    const markedUp = async () => {
      const files = await readdir(path.join(cache.dir, 'search'), { recursive: true }).catch(() => [])
      return new Set(files.filter((f) => f.endsWith('.json')).map((f) => path.basename(f, '.json')))
    }
    const pages = searchPages(context())
    const routes = pages.map((p) => p.route)
    /** Whether the index has marked up these pages of the last build. */
    const read = async (files: Record<string, string>) => {
      const found = await markedUp()
      return Object.entries(files).every(([file, text]) => {
        const page = pages.find((p) => htmlFilesFor(p.route).includes(file))
        return page !== undefined && found.has(markUpKey(page, text))
      })
    }
    const written = settleable()
    const rendered = settleable()
    const building = buildSiteIndex(client, context(), cache, {
      previous,
      takenOver: (route) => route !== '/products/socket',
      written: written.promise,
      rendered: rendered.promise,
    })
    building.catch(() => {})
    // While the render goes on, the pages before the socket's are read from the last build: gone from
    // there now, they are still indexed.
    const before = ['index.html', 'aboutus/index.html', 'railways.html', 'products/ring.html']
    await until(() => read(Object.fromEntries(before.map((file) => [file, taken[file] ?? '']))))
    expect((await markedUp()).size).toBeLessThan(routes.length)
    for (const file of before) await rm(path.join(previous, file))
    // The render's own pages are written: the index reads the rest (every page marked up) while the
    // pages taken over are still being put in place, and writes nothing before they are.
    await writeFiles(client, {
      'products/socket/index.html': html('Inline Socket', 'Passed the glow wire test.'),
    })
    written.resolve()
    await until(async () => (await markedUp()).size === routes.length)
    expect(await readdir(client)).toEqual(['products'])
    await writeFiles(client, PRERENDERED)
    rendered.resolve()
    await building

    const whole = await tempFolder()
    await writeFiles(whole, taken)
    await buildSiteIndex(whole, context())
    expect(await indexFiles(client)).toEqual(await indexFiles(whole))
    const search = await openIndex(fromDir(path.join(client, 'pagefind')))
    try {
      expect((await search.search('glow wire')).map((h) => h.url)).toEqual(['/products/socket'])
      expect(await search.search('old copy')).toEqual([])
      expect((await search.search('lighthouse keepers')).map((h) => h.url)).toEqual(['/aboutus'])
    } finally {
      await search.close()
    }
  })

  it('stops, writing nothing, when the pre-render stops: waiting for a page, or with every page indexed', async () => {
    const previous = await tempFolder()
    await writeFiles(previous, PRERENDERED)
    for (const takenOver of [(route: string) => route !== '/products/socket', () => true]) {
      const client = await tempFolder()
      const stopped = Promise.reject(new Error('the pre-render stopped'))
      stopped.catch(() => {})
      const sources = { previous, takenOver, written: stopped, rendered: stopped }
      await expect(buildSiteIndex(client, context(), undefined, sources)).rejects.toThrow(
        'the pre-render stopped',
      )
      expect(await readdir(client)).toEqual([])
    }
  })
})

/** A promise and its resolve, to play the pre-render's part. */
function settleable() {
  let resolve = () => {}
  const promise = new Promise<void>((yes) => {
    resolve = yes
  })
  return { promise, resolve }
}

/** Waits until `done` holds, checking every 20 ms; fails after 20 s. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await done()); ) {
    if (Date.now() - started > 20_000) throw new Error('waited 20 s for the index')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function tempFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-index-'))
  dirs.push(dir)
  return dir
}

async function writeFiles(client: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(client, file)), { recursive: true })
    await writeFile(path.join(client, file), text)
  }
}

const PRERENDERED: Record<string, string> = {
  'index.html': html('Home'),
  'aboutus/index.html': html('About us'),
  'railways.html': html('Railways'),
  'space/index.html': html('Space'),
  'products/webandcloudsolutions/index.html': html('Web And Cloud Solutions'),
  'products/ring.html': html('Ring Convertor', 'Carries Ethernet over a fibre ring.'),
  'products/socket/index.html': html('Inline Socket', 'Passed the glow wire test.'),
  'brochures/index.html': html('Brochures'),
  'brochures/ring-pdf/index.html': html('Ring Convertor brochure'),
  'brochures/catalogue/index.html': html('Product catalogue brochure'),
  'brochures/track-pdf.html': html('Track monitor brochure'),
}
