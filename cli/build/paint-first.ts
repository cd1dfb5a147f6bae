import { readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'node-html-parser'

/** Id of the JSON the loader reads: the page's entry module and the modules it will import. */
export const SCRIPTS_ID = 'site-scripts'

/** The modules a page loads once it has painted, as the build records them in its HTML. */
export interface PageScripts {
  entry: string
  preload: string[]
}

/**
 * The one inline script every page carries instead of Vike's `<script type="module" async>`: it waits for
 * the first contentful paint, then preloads the page's modules in parallel and evaluates them one at a
 * time, a task each (dependencies first, a timer between two), and last imports the entry, which
 * hydrates. Before that paint the page requests no JavaScript at all, so nothing competes with the HTML,
 * the stylesheets and the hero image for bandwidth or the main thread; after it, no single task evaluates
 * React, the router and the page at once (one 200 ms task was most of the Total Blocking Time). Browsers
 * without paint timing wait two frames instead; a page that never reports a paint still hydrates after 4 s.
 *
 * It is identical on every page, so the Content-Security-Policy allows it with one hash.
 */
export const LOADER = `(()=>{let d=0;const go=async()=>{if(d)return;d=1;const s=JSON.parse(document.getElementById(${JSON.stringify(SCRIPTS_ID)}).textContent);for(const h of s.preload){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}for(const h of s.preload){await import(h);await new Promise(r=>setTimeout(r))}import(s.entry)};setTimeout(go,4e3);const t=PerformanceObserver.supportedEntryTypes||[];if(!t.includes("paint")){requestAnimationFrame(()=>requestAnimationFrame(go));return}new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:!0})})()`

/**
 * Rewrites one pre-rendered page so that it requests JavaScript only after its first contentful paint:
 * Vike's entry `<script src type="module">` and its `<link rel="modulepreload">` tags are replaced by the
 * page's module list (inert JSON) and {@link LOADER}. Returns undefined for a page without Vike's entry
 * (nothing to defer).
 */
export function paintFirst(
  html: string,
  importsOf: (url: string) => readonly string[] = () => [],
): { html: string; scripts: PageScripts } | undefined {
  const root = parse(html, { comment: true })
  const entries = root.querySelectorAll('script[src]').filter((s) => s.getAttribute('type') === 'module')
  const entry = entries[0]
  const src = entry?.getAttribute('src')
  if (!entry || !src) return undefined
  if (entries.length > 1)
    throw new Error(`expected one module entry script per page, found ${entries.length}`)
  const links = root.querySelectorAll('link[rel="modulepreload"]')
  const scripts: PageScripts = {
    entry: src,
    preload: dependenciesFirst(
      [...new Set(links.map((l) => l.getAttribute('href') ?? '').filter(Boolean))],
      importsOf,
    ),
  }
  // `<` cannot occur in the URLs, but escape it anyway so the JSON can never close its element.
  const json = JSON.stringify(scripts).replaceAll('<', '\\u003c')
  const replacement = `<script id="${SCRIPTS_ID}" type="application/json">${json}</script><script>${LOADER}</script>`
  // Splice the original text by the elements' source ranges, so the rest of the page stays byte for byte.
  const edits = [
    { range: entry.range, text: replacement },
    ...links.map((l) => ({ range: l.range, text: '' })),
  ].sort((a, b) => b.range[0] - a.range[0])
  let out = html
  for (const { range, text } of edits) out = out.slice(0, range[0]) + text + out.slice(range[1])
  return { html: out, scripts }
}

/**
 * Orders `modules` so each comes after the ones it imports (among `modules`), keeping the given order
 * otherwise: evaluated in that order, each module's own code runs in its own task, not inside the
 * evaluation of whatever imports it first.
 */
export function dependenciesFirst(
  modules: readonly string[],
  importsOf: (url: string) => readonly string[],
): string[] {
  const wanted = new Set(modules)
  const ordered: string[] = []
  const seen = new Set<string>()
  const visit = (url: string) => {
    if (seen.has(url)) return
    seen.add(url)
    for (const dependency of importsOf(url)) if (wanted.has(dependency)) visit(dependency)
    ordered.push(url)
  }
  for (const url of modules) visit(url)
  return ordered
}

/** The modules a built chunk imports statically, as absolute URL paths (`import … from "./x.js"`). */
export function staticImports(url: string, code: string): string[] {
  const found = code.matchAll(/\b(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)
  return [...found].map((match) => new URL(match[1] ?? '', `http://site${url}`).pathname)
}

/**
 * The modules a built page loads after its first paint (undefined for a page that loads none), read
 * from the JSON {@link paintFirst} wrote, found by its tag rather than by parsing the page.
 */
export function pageScripts(html: string): PageScripts | undefined {
  const start = html.indexOf(`<script id="${SCRIPTS_ID}" type="application/json">`)
  if (start < 0) return undefined
  const from = html.indexOf('>', start) + 1
  const data = html.slice(from, html.indexOf('</script>', from))
  return data ? (JSON.parse(data) as PageScripts) : undefined
}

/**
 * Applies {@link paintFirst} to every HTML file of a built site; returns how many pages it rewrote. The
 * pages' modules are the JavaScript files of `assets`, the folder served as /assets/ (the site's own, or
 * the kept bundle's a partial build is putting beside its pages).
 */
export async function paintFirstSite(client: string, assets = path.join(client, 'assets')): Promise<number> {
  const filesOf = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
  const files = await filesOf(client)
  // What each built module imports, by URL path, so every page lists its modules dependencies first.
  const imports = new Map<string, string[]>()
  const modules = await filesOf(assets).catch(() => [])
  for (const file of modules.filter((f) => f.endsWith('.js'))) {
    const url = `/assets/${path.relative(assets, file).split(path.sep).join('/')}`
    imports.set(url, staticImports(url, await readFile(file, 'utf8')))
  }
  const importsOf = (url: string) => imports.get(url) ?? []
  let rewritten = 0
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const result = paintFirst(await readFile(file, 'utf8'), importsOf)
    if (!result) continue
    // Replaced whole, never written in place: a page taken over from the last build is a hard link to
    // that build's file (build-cache.ts, copyPages), which must keep its own bytes.
    await writeFile(`${file}.tmp`, result.html)
    await rename(`${file}.tmp`, file)
    rewritten++
  }
  return rewritten
}
