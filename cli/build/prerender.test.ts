import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Content } from '../../model/content/load.ts'
import { renderContext, renderFrom } from '../../model/context.ts'
import { type ProjectPaths, projectPaths } from '../../model/paths.ts'
import { pageScripts } from './paint-first.ts'
import { createStaging, type Staging } from './staging.ts'

// Vike stands in for itself: its build writes the bundles (and the server bundle a pre-render reads),
// and each pre-render writes what `vike build` writes for these routes, listing each file on the
// console as Vike does. The pre-render also records the share of some product pages it was given.
const vike = vi.hoisted(() => ({
  calls: [] as unknown[],
  shares: [] as string[][],
  fail: undefined as Error | undefined,
  failInPass: undefined as number | undefined,
}))
vi.mock('vike/api', async () => {
  const { inThisPass } = await import('../../model/prerender-batch.ts')
  const write = async (outDir: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(outDir, name)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, text)
      console.log(`dist/${name}`)
    }
  }
  type Options = { viteConfig: { root: string; build: { outDir: string } } }
  return {
    build: async (options: Options) => {
      vike.calls.push({ build: options })
      await write(options.viteConfig.build.outDir, {
        'client/assets/entries/entry.js': 'export {}',
        'client/assets/static/app.css': 'body{}',
        'server/entry.mjs': 'export {}',
      })
      if (vike.fail) throw vike.fail
    },
    prerender: async (options: Options) => {
      vike.calls.push({ prerender: options })
      vike.shares.push(
        inThisPass(['/products/a', '/products/b', '/products/c', '/products/d', '/products/e']),
      )
      const page = (title: string) =>
        `<!DOCTYPE html><html><head><title>${title}</title><link rel="modulepreload" href="/assets/chunks/a.js"></head><body><h1>${title}</h1><script src="/assets/entries/entry.js" type="module" async></script></body></html>`
      await write(options.viteConfig.build.outDir, {
        'client/index.html': page('Home'),
        'client/index.pageContext.json': '{}',
        'client/about/index.html': page('About'),
        'client/about/index.pageContext.json': '{}',
        'client/customercare.html/index.html': page('Customer care'),
        'client/customercare.html/index.pageContext.json': '{}',
        'client/404.html': '<!DOCTYPE html><html><body><h1>Not found</h1></body></html>',
      })
      if (vike.failInPass === vike.shares.length - 1) throw new Error('Page /products/c threw')
    },
  }
})

let root = ''
let paths: ProjectPaths
let staging: Staging

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-prerender-'))
  paths = projectPaths(root)
  staging = await createStaging(paths.dist)
  vike.calls.length = 0
  vike.shares.length = 0
  vike.fail = undefined
  vike.failInPass = undefined
})

afterEach(async () => {
  vi.restoreAllMocks()
  renderFrom(undefined)
  await rm(root, { recursive: true, force: true })
})

const files = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()

describe('prerender', () => {
  it('renders the content validate checked, without reading the files again', async () => {
    const { prerender } = await import('./prerender.ts')
    const { loadContent } = await import('../../model/content/load.ts')
    const content = { products: [{ slug: 'a' }, { slug: 'b', draft: true }] } as unknown as Content
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    await prerender(paths, staging, { content })
    // The project folder holds no content at all: what page data loads is what it was given.
    expect((await loadContent(paths.content)).products).toEqual([{ slug: 'a' }])
    expect((await loadContent(paths.content, { drafts: true })).products).toHaveLength(2)
  })

  it('builds the project into the staging folder, quietly, pre-renders it in one pass, and counts the pages', async () => {
    const { prerender } = await import('./prerender.ts')
    const log = console.log
    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const result = await prerender(paths, staging)
    printed.mockRestore()
    const viteConfig = {
      root,
      logLevel: 'error',
      build: { outDir: staging.root, rolldownOptions: { checks: { bundlerTimings: false } } },
    }
    expect(vike.calls).toEqual([
      { build: { viteConfig, vikeConfig: { prerender: { disableAutoRun: true, keepDistServer: true } } } },
      { prerender: { viteConfig, vikeConfig: { prerender: { partial: false, keepDistServer: true } } } },
    ])
    // One pass writes every page.
    expect(vike.shares).toEqual([['/products/a', '/products/b', '/products/c', '/products/d', '/products/e']])
    // Page data reads this project's content: the render context points at it, drafts left out.
    await expect(renderContext()).rejects.toThrow(/content/i)
    expect(printed).not.toHaveBeenCalled()
    expect(console.log).toBe(log)
    expect(result).toEqual({ pages: 4 })
    expect(existsSync(paths.client)).toBe(false)
    // The server bundle served the pre-render only.
    expect(existsSync(path.join(staging.root, 'server'))).toBe(false)
  })

  it('in passes, gives each its share of the pages with a parameter, every page exactly once', async () => {
    const { prerender } = await import('./prerender.ts')
    const { inThisPass } = await import('../../model/prerender-batch.ts')
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    await prerender(paths, staging, { passes: 3 })
    expect(vike.calls.filter((c) => 'build' in (c as object))).toHaveLength(1)
    expect(vike.calls.slice(1)).toMatchObject(
      Array(3).fill({ prerender: { vikeConfig: { prerender: { partial: true, keepDistServer: true } } } }),
    )
    expect(vike.shares).toEqual([
      ['/products/a', '/products/d'],
      ['/products/b', '/products/e'],
      ['/products/c'],
    ])
    expect(existsSync(path.join(staging.root, 'server'))).toBe(false)
    // After the build, a page lists every URL again (site dev, the next build).
    expect(inThisPass(['/a', '/b'])).toEqual(['/a', '/b'])
  })

  it('after a pass fails, says what Vike said, passes the failure on, and leaves no pass set', async () => {
    const { prerender } = await import('./prerender.ts')
    const { inThisPass } = await import('../../model/prerender-batch.ts')
    vike.failInPass = 1
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.join(' '))
    })
    await expect(prerender(paths, staging, { passes: 3 })).rejects.toThrow('Page /products/c threw')
    expect(vike.shares).toHaveLength(2)
    expect(lines).toContain('dist/client/index.html')
    expect(inThisPass(['/a', '/b'])).toEqual(['/a', '/b'])
  })

  it('says what the bundler says with verbose', async () => {
    const { prerender } = await import('./prerender.ts')
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.join(' '))
    })
    await prerender(paths, staging, { verbose: true })
    expect(vike.calls).toMatchObject([
      {
        build: {
          viteConfig: { logLevel: 'info', build: { rolldownOptions: { checks: { bundlerTimings: true } } } },
        },
      },
      { prerender: { viteConfig: { logLevel: 'info' } } },
    ])
    expect(lines).toContain('dist/client/index.html')
  })

  it('writes /customercare.html as a file a static host serves, and every page paints before its scripts load', async () => {
    const { prerender } = await import('./prerender.ts')
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    await prerender(paths, staging)
    expect(await files(staging.client)).toEqual([
      '404.html',
      'about/index.html',
      'about/index.pageContext.json',
      'assets/entries/entry.js',
      'assets/static/app.css',
      'customercare.html',
      'index.html',
      'index.pageContext.json',
    ])
    const care = await readFile(path.join(staging.client, 'customercare.html'), 'utf8')
    expect(care).toContain('<h1>Customer care</h1>')
    for (const page of ['index.html', 'about/index.html', 'customercare.html'])
      expect(pageScripts(await readFile(path.join(staging.client, page), 'utf8')), page).toEqual({
        entry: '/assets/entries/entry.js',
        preload: ['/assets/chunks/a.js'],
      })
  })

  it('prints what Vike said when the build fails, and passes the failure on', async () => {
    const { prerender } = await import('./prerender.ts')
    vike.fail = new Error('Rollup failed to resolve import "x"')
    const log = console.log
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.join(' '))
    })
    const spied = console.log
    await expect(prerender(paths, staging)).rejects.toThrow('Rollup failed to resolve import "x"')
    expect(lines).toEqual([
      'dist/client/assets/entries/entry.js',
      'dist/client/assets/static/app.css',
      'dist/server/entry.mjs',
    ])
    expect(console.log).toBe(spied)
    vi.restoreAllMocks()
    expect(console.log).toBe(log)
  })
})

describe('flattenHtmlRoutes', () => {
  it('moves only folders named *.html that hold an index.html', async () => {
    const { flattenHtmlRoutes } = await import('./prerender.ts')
    const client = paths.client
    const write = async (name: string, text = name) => {
      await mkdir(path.dirname(path.join(client, name)), { recursive: true })
      await writeFile(path.join(client, name), text)
    }
    await write('a.html/index.html', 'page a')
    await write('a.html/index.pageContext.json')
    await write('b.html/other.html')
    await write('c/index.html')
    await write('d.html', 'file d')
    expect(await flattenHtmlRoutes(client)).toEqual(['a.html'])
    expect(await readFile(path.join(client, 'a.html'), 'utf8')).toBe('page a')
    expect(await files(client)).toEqual(['a.html', 'b.html/other.html', 'c/index.html', 'd.html'])
    expect(existsSync(`${path.join(client, 'a.html')}.flatten`)).toBe(false)
    expect(await flattenHtmlRoutes(client)).toEqual([])
  })
})
