import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import { loadContent } from '../model/content/load.ts'
import { renderContext, renderFrom } from '../model/context.ts'
import { dataFiles } from '../model/data-files.ts'
import { manifestFile } from '../model/images.ts'
import { type ProjectPaths, projectPaths } from '../model/paths.ts'
import { devErrorPlugin, isPageRequest, reloadContent, sitePlugin } from './site-plugin.ts'

const FIXTURE = path.join(import.meta.dirname, '../tests/fixtures/valid')

let root = ''
let paths: ProjectPaths

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-vite-plugin-'))
  await cp(FIXTURE, root, { recursive: true })
  paths = projectPaths(root)
  // The manifest \`site images\` leaves, written here instead of encoding the fixture's images.
  const entry = { width: 640, height: 480, widths: [320, 640], formats: ['webp'] }
  await mkdir(path.dirname(manifestFile(paths)), { recursive: true })
  await writeFile(manifestFile(paths), JSON.stringify({ 'p/a.svg': entry, 'p/b.svg': entry }))
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

beforeEach(() => renderFrom({ root, drafts: false }))
afterEach(() => renderFrom(undefined))

async function plugins(): Promise<Plugin[]> {
  return sitePlugin()
}

const hook = <T>(h: unknown) => (typeof h === 'function' ? h : (h as { handler: T }).handler) as T

/** Compiles a content module as Vite would: resolve the id, then load what it resolved to. */
async function contentModule(id: string, name: string): Promise<unknown> {
  const [content] = await plugins()
  const resolveId = hook<(id: string) => string | undefined>(content?.resolveId)
  const loadHook = hook<(id: string) => Promise<string | undefined>>(content?.load)
  const resolved = resolveId(id)
  expect(resolved).toBe(`\0${id}`)
  const code = (await loadHook(resolved ?? '')) ?? ''
  const match = new RegExp(`^export const ${name} = (.*);\\nexport default ${name};\\n$`, 's').exec(code)
  expect(match).not.toBeNull()
  return JSON.parse(match?.[1] ?? 'null')
}

const virtualSite = () => contentModule('virtual:site', 'site') as Promise<Record<string, unknown>>

describe('virtual:site', () => {
  it('is the module every page shell imports: company, contact, offices, bases and the product menu', async () => {
    const site = await virtualSite()
    expect(site).toMatchObject({
      company: 'Test Company',
      contact: { email: 'support@example.test' },
      offices: [{ name: 'Chennai' }],
      apiBase: '/api',
      apiTimeoutMs: 10000,
      storageBase: '/storage',
      assetBase: '/media',
      siteUrl: 'https://example.test',
    })
    expect(site).toHaveProperty('analyticsId')
    const menu = site.menu as { key: string; name: string; link: string; image: { src: string } }[]
    expect(menu.map((p) => [p.key, p.name, p.link])).toEqual([['alpha', 'Alpha', '/products/alpha']])
    expect(menu[0]?.image.src).toMatch(/^\/media\/p\/a/)
    // Nothing else of the catalogue: every page carries this module (issue #36).
    expect(Object.keys(site).sort()).toEqual(
      [
        'analyticsId',
        'apiBase',
        'apiTimeoutMs',
        'assetBase',
        'company',
        'contact',
        'menu',
        'offices',
        'siteUrl',
        'storageBase',
      ].sort(),
    )
  })

  it('the products list and the whole catalogue are data files, named by their content, that dev serves', async () => {
    const ctx = await renderContext()
    const files = dataFiles(ctx)
    const { products } = await loadContent(paths.content)
    expect(JSON.parse(files.products.json)).toEqual(products.map((p) => ({ value: p.slug, label: p.name })))
    const catalogue = JSON.parse(files.catalogue.json) as {
      products: { slug: string; image: { src: string } }[]
    }
    expect(catalogue.products.map((p) => p.slug)).toEqual(['alpha'])
    expect(catalogue.products[0]?.image.src).toMatch(/^\/media\/p\/a/)
    expect(files.catalogue.url).toMatch(/^\/assets\/data\/catalogue\.[0-9a-f]{12}\.json$/)
    const [, dataPlugin] = await plugins()
    const answer = await middleware(dataPlugin, files.catalogue.url)
    expect(answer).toMatchObject({
      next: false,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(answer.body).toBe(files.catalogue.json)
    expect((await middleware(dataPlugin, '/assets/data/catalogue.000000000000.json')).next).toBe(true)
    expect((await middleware(dataPlugin, '/assets/entries/x.js')).next).toBe(true)
  })

  it('answers for the content modules only', async () => {
    const [content] = await plugins()
    expect(content?.name).toBe('site-content')
    const resolveId = hook<(id: string) => string | undefined>(content?.resolveId)
    const loadHook = hook<(id: string) => Promise<string | undefined>>(content?.load)
    expect(resolveId('./other.ts')).toBeUndefined()
    expect(resolveId('virtual:other')).toBeUndefined()
    expect(resolveId('toString')).toBeUndefined()
    expect(await loadHook('/project/pages/index/+Page.tsx')).toBeUndefined()
    expect(await loadHook('virtual:site')).toBeUndefined()
    expect(await loadHook('\0virtual:other')).toBeUndefined()
  })
})

interface Answer {
  next: boolean
  status?: number
  headers: Record<string, string>
  body?: string
}

/** What the dev command's check says while the content has a problem. */
const PROBLEM = new SiteError('content-invalid', 'The content has 1 problem.', 'fix it, then save.', [
  {
    file: 'content/site.yaml',
    line: 3,
    col: 10,
    path: '/company',
    code: 'wrong-type',
    message: 'Expected a string, got a list.',
    hint: 'write it as text on one line.',
  },
])

/** Sends one request through a plugin's dev middleware, as Vite's connect stack would. */
async function middleware(
  plugin: Plugin | undefined,
  url: string | undefined,
  method = 'GET',
  accept?: string,
): Promise<Answer> {
  let handler: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined
  const server = {
    middlewares: {
      use: (fn: typeof handler) => {
        handler = fn
      },
    },
  }
  hook<(s: unknown) => void>(plugin?.configureServer)(server)
  const answer: Answer = { next: false, headers: {} }
  await new Promise<void>((resolve) => {
    const res = {
      statusCode: 200,
      setHeader: (name: string, value: string) => {
        answer.headers[name] = value
      },
      end(body: string) {
        answer.status = this.statusCode
        answer.body = body
        resolve()
      },
    }
    const req = { method, url, headers: accept === undefined ? {} : { accept } }
    handler?.(req as IncomingMessage, res as unknown as ServerResponse, () => {
      answer.next = true
      resolve()
    })
  })
  return answer
}

/**
 * Sends one request through the dev error handler while the check finds PROBLEM, nothing (`valid`) or
 * fails itself (`broken`).
 */
async function request(
  method: string,
  url: string | undefined,
  accept?: string,
  check: 'problem' | 'valid' | 'broken' = 'problem',
): Promise<Answer> {
  const errors = devErrorPlugin(() =>
    check === 'broken'
      ? Promise.reject(new Error('the check itself failed'))
      : Promise.resolve(check === 'problem' ? PROBLEM : undefined),
  )
  expect(errors).toMatchObject({ name: 'site-content-errors', apply: 'serve', enforce: 'pre' })
  return middleware(errors, url, method, accept)
}

describe('site dev with a content problem', () => {
  it('answers a page request with the problem, status 500, never cached', async () => {
    const answer = await request('GET', '/products/alpha', 'text/html,application/xhtml+xml')
    expect(answer.next).toBe(false)
    expect(answer.status).toBe(500)
    expect(answer.headers).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    expect(answer.body).toContain('<h1>The content has a problem, so this page cannot be shown</h1>')
    expect(answer.body).toContain('content/site.yaml:3:10')
    expect(answer.body).toContain('<code class="field">/company</code>')
  })

  it('answers navigation data whatever it accepts, and a request without a url as the home page', async () => {
    expect((await request('GET', '/products/alpha/index.pageContext.json')).status).toBe(500)
    expect((await request('GET', undefined, 'text/html')).status).toBe(500)
  })

  it('leaves scripts, styles, images, Vite internals and other methods to Vite', async () => {
    for (const [method, url, accept] of [
      ['GET', '/@vite/client', 'text/html'],
      ['GET', '/@id/virtual:site', '*/*'],
      ['GET', '/node_modules/.vite/deps/react.js', 'text/html'],
      ['GET', '/components/Header.tsx?v=1', '*/*'],
      ['GET', '/media/p/a-640.webp', 'image/avif,image/webp'],
      ['GET', '/contact', undefined],
      ['POST', '/contact', 'text/html'],
      ['HEAD', '/', 'text/html'],
    ] as const)
      expect(await request(method, url, accept), `${method} ${url}`).toEqual({ next: true, headers: {} })
  })

  it('lets the page render when the content is valid', async () => {
    expect(await request('GET', '/', 'text/html', 'valid')).toEqual({ next: true, headers: {} })
  })

  it('lets Vike show an error when the check itself fails', async () => {
    expect(await request('GET', '/', 'text/html', 'broken')).toEqual({ next: true, headers: {} })
  })
})

describe('isPageRequest', () => {
  it('is a page for HTML and for navigation data, not for Vite or dependencies', () => {
    expect(isPageRequest('text/html', '/about')).toBe(true)
    expect(isPageRequest(undefined, '/about/index.pageContext.json')).toBe(true)
    expect(isPageRequest(undefined, '/index.pageContext.json?x=1')).toBe(true)
    expect(isPageRequest('*/*', '/about')).toBe(false)
    expect(isPageRequest(undefined, '/about')).toBe(false)
    expect(isPageRequest('text/html', '/@vite/client')).toBe(false)
    expect(isPageRequest('text/html', '/@fs/x/index.pageContext.json.js')).toBe(false)
    expect(isPageRequest('text/html', '/node_modules/x/index.html')).toBe(false)
    expect(isPageRequest('text/html', '/about/@x')).toBe(true)
    expect(isPageRequest('text/html', '/x/node_modules/')).toBe(true)
    expect(isPageRequest('text/html', '/search?q=/@x')).toBe(true)
    expect(isPageRequest('text/html', '?q=/node_modules/')).toBe(true)
    expect(isPageRequest('text/html', '/about?view=index.pageContext.json')).toBe(true)
    expect(isPageRequest('*/*', '/about?view=index.pageContext.json')).toBe(false)
  })
})

describe('reloadContent', () => {
  it('keeps the content the dev check just read, so the pages render it without reading every file again', async () => {
    const read = await loadContent(paths.content, { drafts: true })
    const checked = { ...read, site: { ...read.site, company: 'Checked Company' } }
    const server = { environments: {}, ws: { send: () => {} } }
    reloadContent(server as unknown as ViteDevServer, { dir: paths.content, content: checked })
    expect(await loadContent(paths.content, { drafts: true })).toBe(checked)
    // The pages' view (no drafts here, as in a build) is the same content.
    expect((await virtualSite()).company).toBe('Checked Company')
    expect((await loadContent(paths.content)).products.every((p) => p.draft !== true)).toBe(true)
  })

  it('forgets the content, drops every content module from every environment and reloads the open pages', async () => {
    const before = await virtualSite()
    expect(before.company).toBe('Test Company')
    const file = path.join(paths.content, 'site.yaml')
    const good = await readFile(file, 'utf8')
    await writeFile(file, good.replace('company: Test Company', 'company: Renamed Company'))
    try {
      const dropped: string[] = []
      const environment = (name: string, has: boolean) => ({
        moduleGraph: {
          getModuleById: (id: string) => (has ? { id, env: name } : undefined),
          invalidateModule: (mod: { id: string; env: string }) => dropped.push(`${mod.env} ${mod.id}`),
        },
      })
      const sent: unknown[] = []
      const server = {
        environments: {
          client: environment('client', true),
          ssr: environment('ssr', true),
          other: environment('x', false),
        },
        ws: { send: (payload: unknown) => sent.push(payload) },
      }
      reloadContent(server as unknown as ViteDevServer)
      const ids = ['virtual:site']
      expect(dropped.sort()).toEqual(
        ['client', 'ssr'].flatMap((env) => ids.map((id) => `${env} \0${id}`)).sort(),
      )
      expect(sent).toEqual([{ type: 'full-reload' }])
      expect((await virtualSite()).company).toBe('Renamed Company')
    } finally {
      await writeFile(file, good)
    }
  })
})
