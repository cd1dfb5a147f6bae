import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { htmlFilesFor, pageFor } from '../../lib/pages.ts'
import { buildConfig } from '../../model/config.ts'
import { type Content, loadContent } from '../../model/content/load.ts'
import { expectedRoutes, sitemapRoutes } from '../../model/page-routes.ts'
import { type ProjectPaths, projectPaths } from '../../model/paths.ts'
import { writeCdnFiles } from '../build/cdn-files.ts'
import { writePagesIndex } from '../search/build-index.ts'
import { checkSearch, printReport, verifyBuild } from './run.ts'
import type { Failure, VerifyReport } from './verify.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')

// A local server stands in for the internet: tests never leave this machine.
const requests: string[] = []
let server: http.Server
let base = ''
const dirs: string[] = []
let root = ''
let paths: ProjectPaths
/** The fixture content, with a brochure for a product, one for each domain page and one with no home. */
let content: Content

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    res.writeHead(req.url === '/ok' ? 200 : 404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  root = await mkdtemp(path.join(tmpdir(), 'site-verify-run-'))
  await cp(FIXTURE, root, { recursive: true })
  paths = projectPaths(root)
  const loaded = await loadContent(paths.content)
  content = {
    ...loaded,
    brochures: [
      { id: 'UHF', title: 'UHF Radio Modem' },
      { id: 'Rail', title: 'Rail Modem' },
      { id: 'Orbit', title: 'Orbit Board' },
      { id: 'Stray', title: 'Stray Sheet' },
    ],
    products: loaded.products.map((p) => ({ ...p, brochure: 'UHF' })),
    railways: { ...loaded.railways, brochures: ['Rail'] },
    space: { ...loaded.space, brochures: ['Orbit'] },
  }
})

afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(root, { recursive: true, force: true })
})

afterEach(async () => {
  vi.restoreAllMocks()
  requests.length = 0
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
  await rm(paths.cache, { recursive: true, force: true })
})

/** A page as the build writes it: an alias names its page as canonical, a page search engines do not get says noindex. */
const page = (route: string, body = '') => {
  const declared = pageFor(route)
  const canonical = declared && !declared.each ? declared.path : route
  return `<!doctype html><html lang="en"><head><title>Page ${route}</title>
<meta name="description" content="About ${route}">
<link rel="canonical" href="${buildConfig(content.site).siteUrl}${canonical}">
${declared?.indexed === false ? '<meta name="robots" content="noindex">' : ''}
</head><body><main><h1>${route === '/products/alpha' ? 'Alpha' : `Page ${route}`}</h1>${body}</main></body></html>`
}

const link = (href: string) => `<a href="${href}">x</a>`

/**
 * A built site for `content`: a page per route, 404.html, the release files and the search index.
 * By default every brochure with a home is linked from it and its PDF is in the build; `bodies` adds
 * or replaces the links of a route.
 */
async function site(bodies: Record<string, string> = {}) {
  const client = await mkdtemp(path.join(tmpdir(), 'site-verify-run-client-'))
  dirs.push(client)
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(client, file)), { recursive: true })
    await writeFile(path.join(client, file), text)
  }
  const linked: Record<string, string> = {
    '/products/alpha': link('/brochures/UHF'),
    '/railways': link('/brochures/Rail'),
    '/space': link('/brochures/Orbit') + link('/brochures/Stray'),
    '/brochures': content.brochures.map((b) => link(`/brochures/${b.id}`)).join(''),
    ...bodies,
  }
  for (const route of expectedRoutes(content))
    await write(htmlFilesFor(route)[0] ?? route, page(route, linked[route]))
  await write('404.html', page('/404').replace(/<link rel="canonical"[^>]*>/, ''))
  for (const b of content.brochures) await write(`storage/brochures/${b.id}.pdf`, '%PDF-1.4')
  await writeCdnFiles(client, buildConfig(content.site), sitemapRoutes(content))
  await writePagesIndex(client, [
    {
      page: { route: '/products/alpha', meta: { title: 'Alpha', category: 'Test' }, weights: {}, extra: [] },
      html: page('/products/alpha'),
    },
    ...content.brochures.map((b) => ({
      page: {
        route: `/brochures/${b.id}`,
        meta: { title: b.title, category: 'Brochure' },
        weights: {},
        extra: [],
      },
      html: page(`/brochures/${b.id}`).replace(/<h1>.*<\/h1>/, `<h1>${b.title} brochure</h1>`),
    })),
  ])
  return client
}

const messages = (report: VerifyReport) => report.failures.map((f) => `${f.page} (${f.file}): ${f.message}`)

describe('verifyBuild', () => {
  it('passes a good build offline without asking the network, and reports every page', async () => {
    const client = await site({ '/': link(`${base}/gone`) })
    const report = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000 })
    expect(report.failures).toEqual([])
    expect(report.links).toBeUndefined()
    expect(report.rows.map((r) => r.route)).toContain('/products/alpha')
    expect(report.rows).toHaveLength(expectedRoutes(content).length + 1)
    expect(requests).toEqual([])
    await expect(readFile(path.join(paths.cache, 'links.json'), 'utf8')).rejects.toThrow('ENOENT')
  })

  it('names a route the content defines but the build lacks', async () => {
    const client = await site()
    await rm(path.join(client, 'brochures/Rail/index.html'))
    const report = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000 })
    expect(messages(report)).toContain(
      '/brochures/Rail (brochures/Rail/index.html): this route is defined by the content but was not pre-rendered',
    )
  })

  it('checks the search index', async () => {
    const client = await site()
    await rm(path.join(client, 'pagefind'), { recursive: true })
    const report = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000 })
    expect(messages(report)).toEqual([
      '/pagefind/ (pagefind/pagefind.js): the search index is missing; `site build` writes it after the pre-render',
      '/pagefind/ (pagefind/pagefind-entry.json): the search index is missing; `site build` writes it after the pre-render',
      '/pagefind/ (pagefind/words.json): the search index is missing; `site build` writes it after the pre-render',
    ])
  })

  it('leaves the search index to the build when asked to (its search stage checks it)', async () => {
    const client = await site()
    await rm(path.join(client, 'pagefind'), { recursive: true })
    const pages = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000, search: false })
    expect(messages(pages)).toEqual([])
    const all = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000 })
    expect(messages(all)).toContain(
      '/pagefind/ (pagefind/pagefind.js): the search index is missing; `site build` writes it after the pre-render',
    )
  })

  it("names each unlinked brochure with the page that should link it: its product's or its domain page's", async () => {
    const client = await site({ '/products/alpha': '', '/railways': '', '/space': '' })
    const report = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000 })
    expect(messages(report)).toEqual([
      '/brochures/UHF (brochures/UHF/index.html): the brochure UHF ("UHF Radio Modem") exists but no page links to it; /products/alpha should link it',
      '/brochures/Rail (brochures/Rail/index.html): the brochure Rail ("Rail Modem") exists but no page links to it; /railways should link it',
      '/brochures/Orbit (brochures/Orbit/index.html): the brochure Orbit ("Orbit Board") exists but no page links to it; /space should link it',
      '/brochures/Stray (brochures/Stray/index.html): the brochure Stray ("Stray Sheet") exists but no page links to it; link it from the page it belongs to: a product\'s `brochure:` or a domain page\'s `brochures:` list',
    ])
  })

  it('names each brochure the library does not list, and does not count its links as the brochure page links', async () => {
    const client = await site({ '/brochures': link('/brochures/UHF'), '/products/alpha': '' })
    const report = await verifyBuild(client, content, paths, { offline: true, timeoutMs: 2000 })
    expect(messages(report)).toEqual([
      '/brochures/UHF (brochures/UHF/index.html): the brochure UHF ("UHF Radio Modem") exists but no page links to it; /products/alpha should link it',
      '/brochures (brochures/index.html): the brochure library does not list Rail ("Rail Modem"); it lists every brochure in content/brochures.yaml',
      '/brochures (brochures/index.html): the brochure library does not list Orbit ("Orbit Board"); it lists every brochure in content/brochures.yaml',
      '/brochures (brochures/index.html): the brochure library does not list Stray ("Stray Sheet"); it lists every brochure in content/brochures.yaml',
    ])
  })

  it("names a brochure that searching its title and 'brochure' does not find first", async () => {
    const client = await site()
    const renamed: Content = {
      ...content,
      brochures: content.brochures.map((b) => (b.id === 'Rail' ? { ...b, title: 'Quokka Sheet' } : b)),
    }
    const report = await verifyBuild(client, renamed, paths, { offline: true, timeoutMs: 2000 })
    // Pagefind drops the words it does not know, so 'brochure' alone finds another brochure first.
    expect(messages(report)).toEqual([
      expect.stringMatching(
        /^\/brochures\/Rail \(pagefind\/\): searching for "Quokka Sheet brochure" shows \/brochures\/\w+ first and not this brochure among the first 8$/,
      ),
    ])
  })

  it('reads a domain page without a brochures list as the home of no brochure', async () => {
    const { brochures: _none, ...space } = content.space
    const plain: Content = { ...content, space }
    const client = await site({ '/space': link('/brochures/Stray') })
    const report = await verifyBuild(client, plain, paths, { offline: true, timeoutMs: 2000 })
    expect(messages(report)).toEqual([
      '/brochures/Orbit (brochures/Orbit/index.html): the brochure Orbit ("Orbit Board") exists but no page links to it; link it from the page it belongs to: a product\'s `brochure:` or a domain page\'s `brochures:` list',
    ])
  })

  it('online, checks outbound links and brochure PDFs, and trusts an answer for a day in .cache/links.json', async () => {
    const client = await site({ '/': link(`${base}/ok`) + link(`${base}/gone`) })
    await rm(path.join(client, 'storage/brochures/Orbit.pdf'))
    const first = await verifyBuild(client, content, paths, { offline: false, timeoutMs: 2000 })
    expect(messages(first)).toEqual([
      `/ (index.html): link ${base}/gone answered HTTP 404`,
      '/brochures (brochures/index.html): brochure /storage/brochures/Orbit.pdf is not in the build; linked from 2 pages: /brochures, /space',
    ])
    expect(first.links).toEqual({ checked: 6, cached: 0 })
    expect(first.rows).toHaveLength(expectedRoutes(content).length + 1)
    expect(Object.keys(JSON.parse(await readFile(path.join(paths.cache, 'links.json'), 'utf8')))).toEqual([
      `${base}/ok`,
    ])

    requests.length = 0
    const second = await verifyBuild(client, content, paths, { offline: false, timeoutMs: 2000 })
    expect(second.links).toEqual({ checked: 6, cached: 1 })
    expect(requests).not.toContain('HEAD /ok')
  })
})

describe('checkSearch', () => {
  const alphaIsGone = async (client: string) => {
    // The index now holds Alpha's page under another name: searching "Alpha" finds nothing.
    await writePagesIndex(client, [
      {
        page: {
          route: '/products/alpha',
          meta: { title: 'Gamma', category: 'Test' },
          weights: {},
          extra: [],
        },
        html: page('/products/alpha').replace('<h1>Alpha</h1>', '<h1>Gamma</h1>'),
      },
    ])
  }
  const cache = (changed?: string[]) => ({
    dir: path.join(paths.cache, 'build'),
    toolKey: 'tool',
    changed: changed && new Set(changed),
  })
  const failed = async (client: string, from: ReturnType<typeof cache>) =>
    (await checkSearch(client, content, from)).failures.map((f) => `${f.page}: ${f.message}`)

  it('trusts what an earlier check found only for the pages the build did not render again', async () => {
    const client = await site()
    expect(await failed(client, cache())).toEqual([])
    await alphaIsGone(client)
    // Not rendered again: found first last time, not asked.
    expect(await failed(client, cache([]))).toEqual([])
    expect(await failed(client, cache(['/products/alpha']))).toEqual([
      '/products/alpha: searching for "Alpha" finds nothing',
    ])
    // Asked once and not found, so no longer trusted.
    expect(await failed(client, cache([]))).toEqual(['/products/alpha: searching for "Alpha" finds nothing'])
  })

  it('asks every name again after a build that rendered every page, or for another version of the tool', async () => {
    // The new index holds Alpha alone: the brochures are not found either, when they are asked.
    const alpha = '/products/alpha: searching for "Alpha" finds nothing'
    for (const again of [cache(), { ...cache([]), toolKey: 'other tool' }]) {
      const client = await site()
      expect(await failed(client, cache())).toEqual([])
      await alphaIsGone(client)
      expect(await failed(client, again)).toContain(alpha)
    }
  })
})

describe('printReport', () => {
  /** Runs printReport and returns what went to stderr and to stdout. */
  function printed(report: Omit<Parameters<typeof printReport>[0], 'warnings'> & { warnings?: Failure[] }) {
    const err: string[] = []
    const out: string[] = []
    const warn: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: string) => err.push(line))
    vi.spyOn(console, 'log').mockImplementation((line: string) => out.push(line))
    vi.spyOn(console, 'warn').mockImplementation((line: string) => warn.push(line))
    printReport({ warnings: [], ...report })
    return { err, out, warn }
  }

  const rows = [
    { route: '/', htmlBytes: 812, jsGzipBytes: 90 * 1024, jsBudget: 108 * 1024 },
    { route: '/products/alpha', htmlBytes: 20_480, jsGzipBytes: 0, jsBudget: 112 * 1024 },
  ]

  it('prints the table of routes, sizes and budgets, that links were not checked offline, and the count', () => {
    const { err, out } = printed({ failures: [], rows })
    expect(err).toEqual([])
    expect(out).toMatchInlineSnapshot(`
      [
        "route                                                             html  js (gzip)    budget",
        "/                                                                812 B    90.0 KB  108.0 KB",
        "/products/alpha                                                20.0 KB        0 B  112.0 KB",
        "Outbound links: not checked (offline).",
        "2 pages verified.",
      ]
    `)
  })

  it('shows a kind of page with more than 20 routes as one row of its largest sizes, and says where every route is', () => {
    const products = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        route: `/products/p${i}`,
        htmlBytes: 40_000 + i,
        jsGzipBytes: i === 7 ? 100 * 1024 : 99 * 1024,
        jsBudget: 112 * 1024,
      }))
    const about = { route: '/aboutus', htmlBytes: 900, jsGzipBytes: 90 * 1024, jsBudget: 108 * 1024 }
    const many = printed({ failures: [], rows: [about, ...products(21)] }).out
    expect(many).toEqual([
      expect.stringMatching(/^route/),
      expect.stringMatching(/^\/aboutus /),
      expect.stringMatching(/^\/products\/:slug \(21 pages, largest\) +39\.1 KB +100\.0 KB +112\.0 KB$/),
      'A kind of page with more than 20 routes shows as one row of its largest sizes; `site verify --json` lists every route.',
      'Outbound links: not checked (offline).',
      '22 pages verified.',
    ])
    // Twenty are listed one by one, as the shipped catalogue's are.
    const few = printed({ failures: [], rows: [about, ...products(20)] }).out
    expect(few.filter((line) => line.startsWith('/products/p'))).toHaveLength(20)
    expect(few.join('\n')).not.toContain('largest')
  })

  it('says how many outbound links were checked and how many came from the last day', () => {
    const { out } = printed({ failures: [], rows, links: { checked: 12, cached: 5 } })
    expect(out.slice(-2)).toEqual([
      'Outbound links: 12 checked (5 answered within the last day).',
      '2 pages verified.',
    ])
  })

  it('prints failures grouped by page, at most five each, and no "verified" line', () => {
    const fail = (page: string, file: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ page, file, message: `problem ${i + 1}` }))
    const { err, out } = printed({
      failures: [
        ...fail('/aboutus', 'aboutus/index.html', 1),
        ...fail('/', 'index.html', 7),
        ...fail('/space', 'space/index.html', 5),
        ...fail('/aboutus', 'aboutus/index.html', 1).map((f) => ({ ...f, message: 'later problem' })),
      ],
      rows,
    })
    expect(err).toEqual([
      '/aboutus  (aboutus/index.html)',
      '  problem 1',
      '  later problem',
      '/  (index.html)',
      '  problem 1',
      '  problem 2',
      '  problem 3',
      '  problem 4',
      '  problem 5',
      '  … and 2 more on this page',
      '/space  (space/index.html)',
      '  problem 1',
      '  problem 2',
      '  problem 3',
      '  problem 4',
      '  problem 5',
    ])
    expect(out.at(-1)).toBe('Outbound links: not checked (offline).')
    expect(out.join('\n')).not.toContain('verified')
  })

  it('prints warnings after the table, grouped by page, and still says the pages verified', () => {
    const { err, out, warn } = printed({
      failures: [],
      warnings: [
        {
          page: '/products/switch-1',
          file: 'pagefind/',
          message:
            'searching for "Switch 1" shows /products/switch-11 ("Switch 11") first; this product is number 2',
        },
      ],
      rows,
    })
    expect(err).toEqual([])
    expect(warn).toEqual([
      '1 warning (nothing to stop a release):',
      '  /products/switch-1  (pagefind/)',
      '    searching for "Switch 1" shows /products/switch-11 ("Switch 11") first; this product is number 2',
    ])
    expect(out.at(-1)).toBe('2 pages verified.')
  })

  it('keeps the same route apart when the file differs', () => {
    const { err } = printed({
      failures: [
        { page: '/pagefind/', file: 'pagefind/pagefind.js', message: 'missing' },
        { page: '/pagefind/', file: 'pagefind/words.json', message: 'missing' },
      ],
      rows: [],
    })
    expect(err).toEqual([
      '/pagefind/  (pagefind/pagefind.js)',
      '  missing',
      '/pagefind/  (pagefind/words.json)',
      '  missing',
    ])
  })
})
