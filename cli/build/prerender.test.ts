import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderContext, renderFrom } from '../../renderer/context.ts'
import { type ProjectPaths, projectPaths } from '../../renderer/paths.ts'
import { pageScripts } from './paint-first.ts'
import { createStaging, type Staging } from './staging.ts'

// Vike's build stands in for itself: it writes what `vike build` writes for these routes and lists each
// file on the console, as Vike does.
const vike = vi.hoisted(() => ({
  calls: [] as unknown[],
  fail: undefined as Error | undefined,
}))
vi.mock('vike/api', () => ({
  build: async (options: { viteConfig: { root: string; build: { outDir: string } } }) => {
    vike.calls.push(options)
    const client = path.join(options.viteConfig.build.outDir, 'client')
    const page = (title: string) =>
      `<!DOCTYPE html><html><head><title>${title}</title><link rel="modulepreload" href="/assets/chunks/a.js"></head><body><h1>${title}</h1><script src="/assets/entries/entry.js" type="module" async></script></body></html>`
    const files: Record<string, string> = {
      'index.html': page('Home'),
      'index.pageContext.json': '{}',
      'about/index.html': page('About'),
      'about/index.pageContext.json': '{}',
      'customercare.html/index.html': page('Customer care'),
      'customercare.html/index.pageContext.json': '{}',
      'assets/entries/entry.js': 'export {}',
      'assets/static/app.css': 'body{}',
      '404.html': '<!DOCTYPE html><html><body><h1>Not found</h1></body></html>',
    }
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(client, name)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, text)
      console.log(`dist/client/${name}`)
    }
    if (vike.fail) throw vike.fail
  },
}))

let root = ''
let paths: ProjectPaths
let staging: Staging

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-prerender-'))
  paths = projectPaths(root)
  staging = await createStaging(paths.dist)
  vike.calls.length = 0
  vike.fail = undefined
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
  it('builds the project into the staging folder, quietly, renders its content, and counts the pages', async () => {
    const { prerender } = await import('./prerender.ts')
    const log = console.log
    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const result = await prerender(paths, staging)
    printed.mockRestore()
    expect(vike.calls).toEqual([
      {
        viteConfig: {
          root,
          logLevel: 'error',
          build: { outDir: staging.root, rolldownOptions: { checks: { bundlerTimings: false } } },
        },
      },
    ])
    // Page data reads this project's content: the render context points at it, drafts left out.
    await expect(renderContext()).rejects.toThrow(/content/i)
    expect(printed).not.toHaveBeenCalled()
    expect(console.log).toBe(log)
    expect(result).toEqual({ pages: 4 })
    expect(existsSync(paths.client)).toBe(false)
  })

  it('says what the bundler says with verbose', async () => {
    const { prerender } = await import('./prerender.ts')
    const lines: string[] = []
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.join(' '))
    })
    await prerender(paths, staging, { verbose: true })
    expect(vike.calls).toMatchObject([
      { viteConfig: { logLevel: 'info', build: { rolldownOptions: { checks: { bundlerTimings: true } } } } },
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
    expect(lines).toContain('dist/client/index.html')
    expect(lines).toContain('dist/client/customercare.html/index.html')
    expect(lines).toHaveLength(9)
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
