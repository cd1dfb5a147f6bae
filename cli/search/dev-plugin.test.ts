import { EventEmitter } from 'node:events'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Plugin } from 'vite'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderFrom } from '../../model/context.ts'
import { manifestFile } from '../../model/images.ts'
import { projectPaths } from '../../model/paths.ts'
import { searchInDev } from './dev-plugin.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')

// A local server stands in for the dev server's own pages.
let pages: http.Server
let origin = ''
const rendered: string[] = []
let copy = 'fibre'
let root = ''

beforeAll(async () => {
  pages = http.createServer((req, res) => {
    rendered.push(req.url ?? '')
    res.end(
      `<!doctype html><html lang="en"><head><title>t</title></head><body><main id="main"><h1>Page ${req.url}</h1><p>Carries ${copy} links.</p></main></body></html>`,
    )
  })
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`
  root = await mkdtemp(path.join(tmpdir(), 'site-search-dev-'))
  await cp(FIXTURE, root, { recursive: true })
  const paths = projectPaths(root)
  // The manifest \`site images\` leaves, written here instead of encoding the fixture's images.
  const entry = { width: 640, height: 480, widths: [320, 640], formats: ['webp'] }
  await mkdir(path.dirname(manifestFile(paths)), { recursive: true })
  await writeFile(manifestFile(paths), JSON.stringify({ 'p/a.svg': entry, 'p/b.svg': entry }))
})

afterAll(async () => {
  pages.closeAllConnections()
  pages.close()
  await rm(root, { recursive: true, force: true })
})

beforeEach(() => {
  renderFrom({ root, drafts: false })
  rendered.length = 0
  copy = 'fibre'
})

afterEach(() => {
  vi.restoreAllMocks()
  renderFrom(undefined)
})

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => Promise<void>

/** The plugin on a stand-in dev server: its watcher, and a way to send it one request. */
function devServer(
  resolvedUrls: unknown = { local: [`${origin}/`], network: [] },
  plugin: Plugin = searchInDev(),
) {
  let handler: Handler | undefined
  const watcher = new EventEmitter()
  const server = {
    resolvedUrls,
    watcher,
    middlewares: {
      use: (fn: Handler) => {
        handler = fn
      },
    },
  }
  ;(plugin.configureServer as (s: unknown) => void)(server)
  const get = async (url: string | undefined) => {
    const answer: {
      next: boolean
      status?: number
      headers: Record<string, string>
      body?: string | undefined
    } = {
      next: false,
      headers: {},
    }
    let handled: Promise<void> | undefined
    const done = new Promise<void>((resolve) => {
      const res = {
        statusCode: 200,
        setHeader: (name: string, value: string) => {
          answer.headers[name] = value
        },
        end(body?: Uint8Array | string) {
          answer.status = this.statusCode
          answer.body = body === undefined ? undefined : Buffer.from(body).toString('utf8')
          resolve()
          return this
        },
      }
      handled = handler?.({ url } as IncomingMessage, res as unknown as ServerResponse, () => {
        answer.next = true
        resolve()
      })
    })
    // A handler that throws before it answers fails the test instead of leaving it waiting.
    await Promise.race([done, Promise.resolve(handled).then(() => done)])
    return answer
  }
  return { plugin, watcher, get }
}

describe('site dev serves the site search', () => {
  it('is a dev server plugin', () => {
    expect(searchInDev()).toMatchObject({ name: 'site-search-dev', apply: 'serve' })
  })

  it('serves the index built from the pages the dev server renders, never cached', async () => {
    const { get } = devServer()
    const entry = await get('/pagefind/pagefind-entry.json?ts=1')
    expect(entry.status).toBe(200)
    expect(entry.headers).toEqual({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
    expect(JSON.parse(entry.body ?? '')).toHaveProperty('languages')
    expect(rendered).toEqual(
      expect.arrayContaining(['/', '/aboutus', '/railways', '/space', '/products/alpha']),
    )
    expect((await get('/pagefind/pagefind.js')).headers['Content-Type']).toBe('text/javascript')
    expect((await get('/pagefind/wasm.en.pagefind')).headers['Content-Type']).toBe('application/wasm')
    expect((await get('/pagefind/words.json')).body).toContain('fibre')
    expect((await get('/pagefind/pagefind%2Dentry.json')).status).toBe(200)
    // Built once for all of these.
    expect(rendered.filter((r) => r === '/')).toHaveLength(1)
  })

  it('serves an index file of another kind as plain bytes', async () => {
    const { get } = devServer()
    const entry = JSON.parse((await get('/pagefind/pagefind-entry.json')).body ?? '{}')
    const meta = `pagefind.${Object.values(entry.languages as Record<string, { hash: string }>)[0]?.hash}.pf_meta`
    const answer = await get(`/pagefind/${meta}`)
    expect(answer.status).toBe(200)
    expect(answer.headers['Content-Type']).toBe('application/octet-stream')
  })

  it('answers 404 for a file the index does not have, and leaves every other path to Vite', async () => {
    const { get } = devServer()
    expect(await get('/pagefind/nothing.js')).toEqual({
      next: false,
      status: 404,
      headers: {},
      body: undefined,
    })
    expect(await get('/pagefind/')).toMatchObject({ status: 404 })
    for (const url of ['/', '/products/alpha', '/assets/pagefind/pagefind.js', '/pagefind', undefined])
      expect(await get(url), String(url)).toEqual({ next: true, headers: {} })
  })

  it('rebuilds the index after content or images change, and not after other files change', async () => {
    const { get, watcher } = devServer()
    expect((await get('/pagefind/words.json')).body).toContain('fibre')
    const builds = () => rendered.filter((r) => r === '/').length
    copy = 'serial'
    for (const file of [
      path.join(root, 'components', 'Header.tsx'),
      path.join(root, 'contents.ts'),
      path.join(root, '.cache', 'images', 'manifest.json.tmp'),
    ])
      watcher.emit('change', file)
    watcher.emit('add', path.join(root, 'content', 'products', 'beta.yaml'))
    expect((await get('/pagefind/words.json')).body).toContain('fibre')
    expect(builds()).toBe(1)
    watcher.emit('change', path.join(root, 'content', 'site.yaml'))
    const words = (await get('/pagefind/words.json')).body
    expect(words).toContain('serial')
    expect(words).not.toContain('fibre')
    expect(builds()).toBe(2)
    copy = 'modem'
    watcher.emit('change', path.join(root, '.cache', 'images', 'manifest.json'))
    expect((await get('/pagefind/words.json')).body).toContain('modem')
    expect(builds()).toBe(3)
  })

  it('answers 503 and says why in the terminal when the index cannot be built', async () => {
    const errors: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.join(' '))
    })
    for (const urls of [null, { local: [], network: [] }]) {
      errors.length = 0
      const answer = await devServer(urls).get('/pagefind/pagefind-entry.json')
      expect(answer.status).toBe(503)
      expect(answer.body).toBe('The search index could not be built; see the terminal running `site dev`.')
      expect(errors.join('\n')).toContain('the dev server has no local address to render the pages from')
    }
    expect(rendered).toEqual([])
  })
})
