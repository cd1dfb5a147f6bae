import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import {
  dependenciesFirst,
  LOADER,
  pageScripts,
  paintFirst,
  paintFirstSite,
  SCRIPTS_ID,
  staticImports,
} from './paint-first.ts'

const vikePage = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A page</title>
<link rel="stylesheet" href="/assets/static/app.css">
<link rel="modulepreload" href="/assets/chunks/react.js" as="script" type="text/javascript">
<link rel="modulepreload" href="/assets/entries/pages_index.js" as="script" type="text/javascript">
<script type="application/ld+json">{"@type":"Organization"}</script>
</head><body><div id="root"><h1>Hello</h1><p class="lead">Body  text</p></div>
<script id="vike_pageContext" type="application/json">{"pageProps":{}}</script>
<script src="/assets/entries/entry-client-routing.js" type="module" async></script>
<link rel="modulepreload" href="/assets/chunks/react.js" as="script" type="text/javascript">
</body></html>`

describe('paintFirst', () => {
  it('replaces the module entry and its preloads with the loader and the module list', () => {
    const result = paintFirst(vikePage)
    expect(result?.scripts).toEqual({
      entry: '/assets/entries/entry-client-routing.js',
      preload: ['/assets/chunks/react.js', '/assets/entries/pages_index.js'],
    })
    const html = result?.html ?? ''
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toMatch(/<script[^>]* src=/)
    expect(html).toContain(`<script>${LOADER}</script>`)
    expect(pageScripts(html)).toEqual(result?.scripts)
  })

  it('leaves every other byte of the page as Vike wrote it', () => {
    const html = paintFirst(vikePage)?.html ?? ''
    const withoutScripts = (text: string) =>
      text
        .replace(/<link rel="modulepreload"[^>]*>/g, '')
        .replace(/<script src="[^"]*" type="module" async><\/script>/, '')
        .replace(
          `<script id="${SCRIPTS_ID}" type="application/json">${JSON.stringify(paintFirst(vikePage)?.scripts)}</script><script>${LOADER}</script>`,
          '',
        )
    expect(withoutScripts(html)).toBe(withoutScripts(vikePage))
    expect(html).toContain('<p class="lead">Body  text</p>')
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>')
  })

  it('escapes < so the module list can never close its element', () => {
    const html = paintFirst(vikePage.replace('entry-client-routing.js', 'a</script><b>.js'))?.html ?? ''
    expect(html).toContain('a\\u003c/script>\\u003cb>.js')
    expect(pageScripts(html)?.entry).toBe('/assets/entries/a</script><b>.js')
  })

  it('leaves a page without a module entry alone', () => {
    expect(paintFirst('<html><body><p>No scripts</p></body></html>')).toBeUndefined()
    expect(pageScripts('<html><body><p>No scripts</p></body></html>')).toBeUndefined()
  })

  it('refuses a page with two module entries, which the loader could not order', () => {
    const twice = vikePage.replace('</body>', '<script src="/other.js" type="module"></script></body>')
    expect(() => paintFirst(twice)).toThrow('expected one module entry script per page, found 2')
  })
})

describe('paintFirst: which scripts it moves', () => {
  it('leaves a classic script alone and moves only the module entry', () => {
    const page = vikePage.replace('</head>', '<script src="/legacy.js"></script></head>')
    const result = paintFirst(page)
    expect(result?.scripts.entry).toBe('/assets/entries/entry-client-routing.js')
    expect(result?.html).toContain('<script src="/legacy.js"></script>')
  })

  it('leaves a page whose module script names no file alone', () => {
    expect(paintFirst('<html><body><script src="" type="module"></script></body></html>')).toBeUndefined()
  })

  it('keeps no empty preload for a modulepreload link without an address', () => {
    const page = vikePage.replace('</head>', '<link rel="modulepreload"></head>')
    expect(paintFirst(page)?.scripts.preload).toEqual([
      '/assets/chunks/react.js',
      '/assets/entries/pages_index.js',
    ])
  })

  it('keeps HTML comments byte for byte, a commented-out script included', () => {
    const page = vikePage.replace('<body>', '<body><!-- <script src="/old.js" type="module"></script> -->')
    const html = paintFirst(page)?.html ?? ''
    expect(html).toContain('<body><!-- <script src="/old.js" type="module"></script> --><div id="root">')
    expect(pageScripts(html)?.entry).toBe('/assets/entries/entry-client-routing.js')
  })
})

describe('the paint-first loader', () => {
  /** Runs the loader in a page stand-in; returns what it did and a way to report the first paint. */
  async function runLoader(paintTiming: boolean) {
    const html = paintFirst(vikePage)?.html ?? ''
    const json = /<script id="site-scripts" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]
    const appended: { rel: string; href: string }[] = []
    const imported: string[] = []
    const timers: (() => void)[] = []
    const frames: (() => void)[] = []
    let observer:
      | ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void)
      | undefined
    const sandbox = {
      document: {
        getElementById: (id: string) => (id === 'site-scripts' ? { textContent: json } : null),
        createElement: () => ({ rel: '', href: '' }),
        head: { append: (l: { rel: string; href: string }) => appended.push({ ...l }) },
      },
      setTimeout: (fn: () => void) => timers.push(fn),
      requestAnimationFrame: (fn: () => void) => frames.push(fn),
      PerformanceObserver: Object.assign(
        function (this: { observe: () => void; disconnect: () => void }, fn: typeof observer) {
          observer = fn
          this.observe = () => {}
          this.disconnect = () => {}
        },
        { supportedEntryTypes: paintTiming ? ['paint', 'navigation'] : ['navigation'] },
      ),
      __import: async (url: string) => {
        imported.push(url)
      },
    }
    expect(html).toContain(`<script>${LOADER}</script>`)
    vm.runInNewContext(LOADER.replaceAll('import(', '__import('), sandbox)
    return {
      appended,
      imported,
      paint: (name: string) =>
        observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} }),
      frames,
      timers,
    }
  }

  /** Lets the loader's awaited imports finish (they are in the same microtask queue). */
  const settle = () => new Promise((resolve) => setImmediate(resolve))

  it('after the first contentful paint, preloads every module, then evaluates them one task at a time, the entry last', async () => {
    const page = await runLoader(true)
    expect(page.imported).toEqual([])
    page.paint('first-paint')
    expect(page.imported).toEqual([])
    expect(page.timers).toHaveLength(1) // the 4 s fallback
    page.paint('first-contentful-paint')
    expect(page.appended).toEqual([
      { rel: 'modulepreload', href: '/assets/chunks/react.js' },
      { rel: 'modulepreload', href: '/assets/entries/pages_index.js' },
    ])
    const order = ['/assets/chunks/react.js', '/assets/entries/pages_index.js']
    for (const [i, url] of order.entries()) {
      // Each module is evaluated alone; the next waits for a timer, so each gets a task of its own.
      expect(page.imported).toEqual(order.slice(0, i + 1))
      expect(page.imported.at(-1)).toBe(url)
      await settle()
      expect(page.imported).toEqual(order.slice(0, i + 1))
      expect(page.timers).toHaveLength(i + 2)
      page.timers.at(-1)?.()
      await settle()
    }
    expect(page.imported).toEqual([...order, '/assets/entries/entry-client-routing.js'])
    page.timers[0]?.()
    await settle()
    expect(page.imported).toHaveLength(3)
  })

  it('waits two frames where the browser has no paint timing, and 4 s at most', async () => {
    const page = await runLoader(false)
    expect(page.frames).toHaveLength(1)
    page.frames.shift()?.()
    expect(page.imported).toEqual([])
    page.frames.shift()?.()
    expect(page.imported).toEqual(['/assets/chunks/react.js'])
    const never = await runLoader(true)
    never.timers[0]?.()
    expect(never.imported).toEqual(['/assets/chunks/react.js'])
  })
})

describe('dependenciesFirst', () => {
  const graph: Record<string, string[]> = {
    '/page.js': ['/shared.js', '/react.js'],
    '/shared.js': ['/react.js', '/runtime.js'],
    '/react.js': ['/runtime.js'],
    '/runtime.js': [],
    '/other.js': ['/not-preloaded.js'],
    '/a.js': ['/b.js'],
    '/b.js': ['/a.js'],
  }
  const importsOf = (url: string) => graph[url] ?? []

  it('puts every module after the ones it imports, and keeps the given order otherwise', () => {
    expect(
      dependenciesFirst(['/other.js', '/page.js', '/shared.js', '/react.js', '/runtime.js'], importsOf),
    ).toEqual(['/other.js', '/runtime.js', '/react.js', '/shared.js', '/page.js'])
    expect(dependenciesFirst(['/runtime.js', '/react.js'], importsOf)).toEqual(['/runtime.js', '/react.js'])
  })

  it('leaves out what is not in the list, and lists each module once, cycles too', () => {
    expect(dependenciesFirst(['/other.js'], importsOf)).toEqual(['/other.js'])
    expect(dependenciesFirst(['/a.js', '/b.js'], importsOf)).toEqual(['/b.js', '/a.js'])
  })
})

describe('staticImports', () => {
  it('reads the static imports of a built chunk as URL paths, not its dynamic ones', () => {
    const code =
      'import{t as e}from"./chunk-a.js";import"./chunk-b.js";import { x } from \'../chunks/chunk-c.js\';' +
      'const lazy=()=>import("./chunk-lazy.js");export{e}from"./chunk-d.js";import"react"'
    expect(staticImports('/assets/chunks/chunk-z.js', code)).toEqual([
      '/assets/chunks/chunk-a.js',
      '/assets/chunks/chunk-b.js',
      '/assets/chunks/chunk-c.js',
      '/assets/chunks/chunk-d.js',
    ])
    expect(staticImports('/assets/entries/page.js', 'import{a}from"../chunks/chunk-a.js"')).toEqual([
      '/assets/chunks/chunk-a.js',
    ])
  })
})

describe('paintFirstSite', () => {
  it("lists each page's modules so that every one comes after the modules it imports", async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'site-paint-first-'))
    try {
      await mkdir(path.join(client, 'assets/chunks'), { recursive: true })
      await mkdir(path.join(client, 'assets/entries'), { recursive: true })
      await writeFile(path.join(client, 'assets/chunks/react.js'), 'export const React={}')
      await writeFile(
        path.join(client, 'assets/entries/pages_index.js'),
        'import{React as e}from"../chunks/react.js";export default e',
      )
      // Vike lists the page before React here; evaluated in that order, React would run inside the page's task.
      const page = vikePage.replace(
        /(<link rel="modulepreload" href="\/assets\/chunks\/react.js"[^>]*>\n)(<link rel="modulepreload" href="\/assets\/entries\/pages_index.js"[^>]*>\n)/,
        '$2$1',
      )
      expect(paintFirst(page)?.scripts.preload).toEqual([
        '/assets/entries/pages_index.js',
        '/assets/chunks/react.js',
      ])
      await writeFile(path.join(client, 'index.html'), page)
      expect(await paintFirstSite(client)).toBe(1)
      expect(pageScripts(await readFile(path.join(client, 'index.html'), 'utf8'))?.preload).toEqual([
        '/assets/chunks/react.js',
        '/assets/entries/pages_index.js',
      ])
    } finally {
      await rm(client, { recursive: true, force: true })
    }
  })

  it('rewrites every built page in every folder, and nothing else', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'site-paint-first-'))
    try {
      const write = async (name: string, text: string) => {
        await mkdir(path.dirname(path.join(client, name)), { recursive: true })
        await writeFile(path.join(client, name), text)
      }
      const plain = '<html><body><p>No scripts</p></body></html>'
      // Text beyond ASCII before the scripts: the page is spliced as text, not as bytes.
      const accented = vikePage.replace('Body  text', 'Café — 25 °C, 5 µm')
      await write('index.html', vikePage)
      await write('products/alpha/index.html', accented)
      await write('404.html', plain)
      await write('assets/entries/page.js', vikePage)
      await write('about.html.txt', vikePage)
      await write('x.html/note.txt', vikePage)
      expect(await paintFirstSite(client)).toBe(2)
      const read = (name: string) => readFile(path.join(client, name), 'utf8')
      expect(await read('index.html')).toBe(paintFirst(vikePage)?.html)
      expect(await read('products/alpha/index.html')).toBe(paintFirst(accented)?.html)
      expect(await read('404.html')).toBe(plain)
      for (const name of ['assets/entries/page.js', 'about.html.txt', 'x.html/note.txt'])
        expect(await read(name), name).toBe(vikePage)
    } finally {
      await rm(client, { recursive: true, force: true })
    }
  })
})
