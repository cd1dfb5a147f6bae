import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuildConfig } from '../../model/config.ts'
import { testBuildConfig } from '../../tests/build-config.ts'
import type { BuiltPage } from '../build/cdn-files.ts'
import { checkOutbound, outboundLinks, unlinkedBrochures } from './outbound.ts'

// A local server stands in for the internet: tests never leave this machine.
const requests: string[] = []
const agents = new Set<string | undefined>()
let server: http.Server
let base = ''
/** An address where nothing listens. */
let closed = ''
beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    agents.add(req.headers['user-agent'])
    if (req.url === '/ok') return res.writeHead(200).end('ok')
    if (req.url === '/get-only') return res.writeHead(req.method === 'HEAD' ? 405 : 200).end()
    if (req.url === '/moved') return res.writeHead(301, { location: '/ok' }).end()
    if (req.url === '/moved-to-gone') return res.writeHead(302, { location: '/gone' }).end()
    if (req.url === '/slow') return // never answers
    if (req.url === '/bad-request') return res.writeHead(400).end()
    res.writeHead(404).end('gone')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const gone = http.createServer()
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
  closed = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/closed`
  await new Promise((resolve) => gone.close(resolve))
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const config: BuildConfig = testBuildConfig('https://www.company.test')
const page = (route: string, links: string[]): BuiltPage => ({
  route,
  file: `${route.slice(1) || 'index'}/index.html`,
  html: `<!doctype html><body><h1>x</h1>${links.map((l) => `<a href="${l}">x</a>`).join('')}</body>`,
})

describe('outbound links', () => {
  it('follows redirects, falls back to GET, and names each dead link once, with why and the pages that link it', async () => {
    const pages = [
      page('/', [
        `${base}/ok`,
        `${base}/get-only`,
        `${base}/moved`,
        '/aboutus',
        'https://www.company.test/x',
      ]),
      page('/space', [`${base}/gone`, `${base}/moved-to-gone`, `${base}/slow`, `${base}/ok`]),
      page('/railways', [`${base}/gone`, `${base}/bad-request`]),
      page('/unreachable', [closed]),
      page('/blocked', ['http://127.0.0.1:1/blocked']),
    ]
    requests.length = 0
    const result = await checkOutbound('/nonexistent', pages, config, { timeoutMs: 2000 })
    expect(result.failures.map((f) => `${f.page} (${f.file}): ${f.message}`)).toEqual([
      '/blocked (blocked/index.html): link http://127.0.0.1:1/blocked could not be reached (bad port)',
      `/railways (railways/index.html): link ${base}/bad-request answered HTTP 400`,
      `/railways (railways/index.html): link ${base}/gone answered HTTP 404; linked from 2 pages: /railways, /space`,
      `/space (space/index.html): link ${base}/moved-to-gone answered HTTP 404`,
      `/space (space/index.html): link ${base}/slow did not answer within 2000 ms`,
      `/unreachable (unreachable/index.html): link ${closed} could not be reached (ECONNREFUSED)`,
    ])
    expect(result.checked).toBe(9)
    expect(requests).toContain('GET /get-only')
    // A link that timed out is not asked again with GET: that would only double the wait.
    expect(requests.filter((r) => r.endsWith('/slow'))).toEqual(['HEAD /slow'])
    expect([...agents]).toEqual(['site-verify (link check)'])
  })

  it('says once that the machine looks offline when no host name resolves, instead of one failure per link', async () => {
    const pages = [
      page('/', ['https://www.linkedin.invalid/company/x', 'https://maps.invalid/a']),
      page('/space', ['https://www.linkedin.invalid/company/x', 'https://partner.invalid/']),
    ]
    const result = await checkOutbound('/nonexistent', pages, config, { timeoutMs: 2000 })
    expect(result.failures).toHaveLength(1)
    expect(result.failures[0]?.page).toBe('(outbound links)')
    expect(result.failures[0]?.message).toMatch(
      /^none of the 3 outside addresses could be looked up \((ENOTFOUND|EAI_AGAIN)\): this machine looks offline\. Run with --offline/,
    )
  })

  it('checks the PDF behind each brochure link: on a remote storage base over the network, else in the build', async () => {
    const pages = [page('/products/uhf', ['/brochures/UHF', '/brochures/EmbeddedPC'])]
    const remote = await checkOutbound(
      '/nonexistent',
      pages,
      { ...config, storageBase: `${base}/files` },
      {
        timeoutMs: 300,
      },
    )
    expect(remote.failures.map((f) => f.message)).toEqual([
      `brochure ${base}/files/brochures/EmbeddedPC.pdf answered HTTP 404`,
      `brochure ${base}/files/brochures/UHF.pdf answered HTTP 404`,
    ])
    const local = await checkOutbound('/nonexistent', pages, config, { timeoutMs: 300 })
    expect(local.failures.map((f) => f.message)).toEqual([
      'brochure /storage/brochures/EmbeddedPC.pdf is not in the build',
      'brochure /storage/brochures/UHF.pdf is not in the build',
    ])
  })

  it('trusts an answer for up to a day, and asks again about a failure every run', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-links-'))
    try {
      const cacheFile = path.join(dir, '.cache/links.json')
      const pages = [page('/', [`${base}/ok`, `${base}/gone`])]
      let now = 1_000_000
      const run = () =>
        checkOutbound('/nonexistent', pages, config, { timeoutMs: 300, cacheFile, now: () => now })
      requests.length = 0
      await run()
      expect(Object.keys(JSON.parse(await readFile(cacheFile, 'utf8')))).toEqual([`${base}/ok`])
      const second = await run()
      expect(second.cached).toBe(1)
      expect(second.failures).toHaveLength(1)
      expect(requests).toEqual(['HEAD /ok', 'HEAD /gone', 'GET /gone', 'HEAD /gone', 'GET /gone'])
      const hour = 60 * 60 * 1000
      now += 23 * hour
      expect((await run()).cached).toBe(1)
      now += hour
      requests.length = 0
      expect((await run()).cached).toBe(0)
      expect(requests).toContain('HEAD /ok')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('where a page points off the site', () => {
  it('is each other site once and the PDF of each brochure link; own pages, paths and look-alikes are not', () => {
    const built = page('/', [
      'https://other.test/a',
      'https://other.test/a',
      'HTTP://Other.test/b',
      'https://www.company.test/x',
      '/aboutus',
      '/go?to=https://other.test/c',
      '/brochures/UHF/',
      '/brochures/Rail/page2',
      'https://other.test/brochures/Orbit',
    ])
    expect(outboundLinks(built, config)).toEqual([
      { url: 'https://other.test/a', what: 'link' },
      { url: 'HTTP://Other.test/b', what: 'link' },
      { url: '/storage/brochures/UHF.pdf', what: 'brochure' },
      { url: 'https://other.test/brochures/Orbit', what: 'link' },
    ])
  })
})

describe('brochures no page links', () => {
  it('names each, and the page that should link it', () => {
    const pages = [page('/products/uhfradiomodem', ['/brochures/UHF'])]
    const brochures = [
      { id: 'UHF', title: 'UHF Radio Modem' },
      { id: 'EmbeddedPC', title: 'Embedded PC' },
      { id: 'FireandSafety', title: 'Fire and Safety' },
    ]
    const failures = unlinkedBrochures(pages, brochures, new Map([['EmbeddedPC', '/products/embeddedpc']]))
    expect(failures.map((f) => `${f.page} (${f.file}): ${f.message}`)).toEqual([
      '/brochures/EmbeddedPC (brochures/EmbeddedPC/index.html): the brochure EmbeddedPC ("Embedded PC") exists but no page links to it; /products/embeddedpc should link it',
      '/brochures/FireandSafety (brochures/FireandSafety/index.html): the brochure FireandSafety ("Fire and Safety") exists but no page links to it; link it from the page it belongs to: a product\'s `brochure:` or a domain page\'s `brochures:` list',
    ])
  })

  it('reads every page until each brochure is linked, and counts only links', () => {
    const brochures = [
      { id: 'UHF', title: 'UHF Radio Modem' },
      { id: 'EmbeddedPC', title: 'Embedded PC' },
    ]
    const named: BuiltPage = {
      route: '/aboutus',
      file: 'aboutus/index.html',
      html: '<!doctype html><body><h1>x</h1><p>Read /brochures/EmbeddedPC/ in the library.</p></body>',
    }
    const pages = [
      page('/', []),
      page('/products/uhfradiomodem', ['/brochures/UHF/']),
      named,
      page('/products/szephyr', []),
      page('/products/embeddedpc', ['/brochures/EmbeddedPC']),
    ]
    expect(unlinkedBrochures(pages, brochures, new Map())).toEqual([])
    // The last page is the only link to EmbeddedPC; text that names it is not a link.
    expect(unlinkedBrochures(pages.slice(0, 4), brochures, new Map()).map((f) => f.page)).toEqual([
      '/brochures/EmbeddedPC',
    ])
  })
})
