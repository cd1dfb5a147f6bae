import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from 'node-html-parser'
import { type Budget, htmlFilesFor, pageFor } from '../../lib/pages.ts'
import type { BuildConfig } from '../../model/config.ts'
import { type BuiltPage, readPages } from '../build/cdn-files.ts'
import { pageScripts } from '../build/paint-first.ts'
import { isFileSync } from '../files.ts'
import { lazyChunkProblems, readModuleImports } from './lazy-chunks.ts'

/**
 * Gzipped JavaScript a page loads after its first paint (the entry and every module it preloads), per
 * page type. Each is React 19 + react-dom + Vike's client router (about 93 KB) plus this site's code for
 * that type, measured on the shipped content with a few KB of headroom (docs/decisions.md, "JavaScript
 * budgets"). Form pages carry the form itself; the rules (yup) and the request helper they fetch on
 * first focus are not part of the first load. The finder (the catalogue and the comparison) carries
 * its filters and the loader of the whole catalogue, but never the catalogue itself.
 */
export const JS_BUDGET: Record<Budget, number> = {
  page: 108 * 1024,
  finder: 110 * 1024,
  product: 112 * 1024,
  form: 112 * 1024,
}
/** Raw HTML size of one page. */
export const HTML_BUDGET = 200 * 1024

/** Which budget a route answers to: its page's declaration (lib/pages.ts); the not-found page is a page. */
export function pageType(route: string): Budget {
  return pageFor(route)?.budget ?? 'page'
}

export interface Failure {
  /** The route of the page, or the file when the failure is not about a page. */
  page: string
  /** The file in dist/client to look at. */
  file: string
  message: string
}

export interface RouteRow {
  route: string
  htmlBytes: number
  jsGzipBytes: number
  jsBudget: number
}

export interface VerifyReport {
  /** What stops a release. */
  failures: Failure[]
  /** What is worth knowing but stops nothing (a search ranking near-duplicate names oddly). */
  warnings: Failure[]
  rows: RouteRow[]
}

/** The routes a built site must have, and which of them search engines get (model/page-routes.ts). */
export interface ExpectedRoutes {
  routes: readonly string[]
  sitemap: readonly string[]
}

/** What one page's own checks found, keyed by its HTML in the verify cache (verify-cache.ts). */
export interface PageVerdict {
  /** What is wrong with the page, each a failure of its own. */
  messages: string[]
  row: RouteRow
  /** What its head tells search engines: its canonical URL, and whether it says noindex. */
  canonical: string | undefined
  noindex: boolean
}

/** Checks a built site before release; every failure names the page and the file. */
export async function verifySite(
  client: string,
  config: BuildConfig,
  { routes, sitemap }: ExpectedRoutes,
  /** Verdicts of pages an earlier verify checked, by their HTML, while nothing else they depend on moved. */
  cache?: { get(html: string): PageVerdict | undefined; set(html: string, verdict: PageVerdict): void },
  /** The site's pages, when the caller has read them already (`readPages`): a thousand are read once. */
  read?: BuiltPage[],
): Promise<VerifyReport> {
  const failures: Failure[] = []
  const fail = (page: string, file: string, message: string) => failures.push({ page, file, message })
  const pages = read ?? (await readPages(client))
  const byFile = new Map(pages.map((p) => [p.file, p]))

  for (const route of routes)
    if (!htmlFilesFor(route).some((f) => byFile.has(f)))
      fail(
        route,
        htmlFilesFor(route)[0] ?? route,
        'this route is defined by the content but was not pre-rendered',
      )

  const check = pageChecker(client, config)
  const verdicts = new Map<BuiltPage, PageVerdict>()
  for (const page of pages) {
    let verdict = cache?.get(page.html)
    if (!verdict) {
      verdict = await check(page)
      cache?.set(page.html, verdict)
    }
    verdicts.set(page, verdict)
    for (const message of verdict.messages) fail(page.route, page.file, message)
  }

  await verifySeoFiles(client, config, verdicts, sitemap, fail)
  failures.push(...lazyChunkProblems(pages, await readModuleImports(client)))
  return { failures, warnings: [], rows: [...verdicts.values()].map((v) => v.row) }
}

/**
 * The checks of one page on its own: head tags, one h1, JSON-LD that parses, every link, image,
 * script, stylesheet and data file resolving to a file, no script before the first paint, and its
 * JavaScript and HTML within budget. What the verdict says depends on the page's HTML, the settings and
 * which files the site has (scripts are named by their content's hash), nothing else.
 */
function pageChecker(client: string, config: BuildConfig) {
  const exists = cachedExists(client)
  const gzipSizes = new Map<string, Promise<number>>()
  const gzipped = (asset: string) => {
    let size = gzipSizes.get(asset)
    if (!size) {
      size = readFile(path.join(client, asset)).then(
        (b) => gzipSync(b, { level: 9 }).length,
        () => 0,
      )
      gzipSizes.set(asset, size)
    }
    return size
  }
  return async (page: BuiltPage): Promise<PageVerdict> => {
    const root = parse(page.html)
    const is404 = page.file === '404.html'
    const messages: string[] = []
    const where = (message: string) => messages.push(message)

    if (!root.querySelector('title')?.text.trim()) where('no <title>')
    if (!root.querySelector('meta[name="description"]')?.getAttribute('content')?.trim())
      where('no meta description')
    const canonical = root.querySelector('link[rel="canonical"]')?.getAttribute('href')
    if (!is404) {
      if (!canonical) where('no canonical URL')
      else if (!canonical.startsWith(`${config.siteUrl}/`))
        where(`canonical URL ${canonical} is not under SITE_URL ${config.siteUrl}`)
    }
    const h1s = root.querySelectorAll('h1').length
    if (h1s !== 1) where(`has ${h1s} <h1> elements; a page needs exactly one`)
    for (const script of root.querySelectorAll('script[type="application/ld+json"]')) {
      try {
        JSON.parse(script.rawText)
      } catch (error) {
        where(`JSON-LD does not parse: ${(error as Error).message}`)
      }
    }

    const scripts = new Set<string>()
    const refs: { url: string; what: string }[] = []
    for (const a of root.querySelectorAll('a[href]'))
      refs.push({ url: a.getAttribute('href') ?? '', what: 'link' })
    for (const img of root.querySelectorAll('img')) {
      refs.push({ url: img.getAttribute('src') ?? '', what: 'image' })
      for (const candidate of (img.getAttribute('srcset') ?? '').split(','))
        if (candidate.trim()) refs.push({ url: candidate.trim().split(/\s+/)[0] ?? '', what: 'image' })
    }
    for (const source of root.querySelectorAll('source[srcset]'))
      for (const candidate of (source.getAttribute('srcset') ?? '').split(','))
        if (candidate.trim()) refs.push({ url: candidate.trim().split(/\s+/)[0] ?? '', what: 'image' })
    for (const s of root.querySelectorAll('script[src]')) {
      refs.push({ url: s.getAttribute('src') ?? '', what: 'script' })
      where(
        `requests the script ${s.getAttribute('src')} before its first paint; page scripts load through the paint-first loader`,
      )
    }
    for (const l of root.querySelectorAll('link[href]')) {
      const rel = l.getAttribute('rel') ?? ''
      if (rel === 'canonical' || rel === 'preconnect' || rel === 'dns-prefetch') continue
      refs.push({ url: l.getAttribute('href') ?? '', what: rel || 'link' })
      if (rel === 'modulepreload')
        where(
          `preloads the module ${l.getAttribute('href')} before its first paint; page scripts load through the paint-first loader`,
        )
    }
    // The data files a page fetches once hydrated are named in its data (model/data-files.ts).
    for (const match of page.html.matchAll(/\/assets\/data\/[\w.-]+\.json/g))
      refs.push({ url: match[0], what: 'data file' })
    const deferred = pageScripts(page.html)
    for (const src of deferred ? [deferred.entry, ...deferred.preload] : []) {
      refs.push({ url: src, what: 'script' })
      scripts.add(src)
    }
    for (const { url, what } of refs) {
      const local = localPath(url, config.siteUrl)
      if (local === undefined) continue
      if (!exists(local)) where(`${what} ${url} does not resolve to a file in dist/client`)
    }

    let js = 0
    for (const src of scripts) {
      const local = localPath(src, config.siteUrl)
      if (local) js += await gzipped(local)
    }
    const budget = JS_BUDGET[pageType(page.route)]
    if (js > budget) where(`loads ${kb(js)} of gzipped JavaScript; the budget is ${kb(budget)}`)
    const htmlBytes = Buffer.byteLength(page.html)
    if (htmlBytes > HTML_BUDGET) where(`its HTML is ${kb(htmlBytes)}; the budget is ${kb(HTML_BUDGET)}`)
    const robots = root.querySelector('meta[name="robots"]')?.getAttribute('content') ?? ''
    return {
      messages,
      row: { route: page.route, htmlBytes, jsGzipBytes: js, jsBudget: budget },
      canonical,
      noindex: robots.includes('noindex'),
    }
  }
}

/**
 * The files for search engines and CDNs. The sitemap lists exactly the indexed routes (`sitemap`), and
 * each page's head agrees with it: an indexed page is not `noindex` and is its own canonical URL; any
 * other page is `noindex` or names another page as canonical (an alias).
 */
async function verifySeoFiles(
  client: string,
  config: BuildConfig,
  verdicts: ReadonlyMap<BuiltPage, PageVerdict>,
  sitemap: readonly string[],
  fail: (page: string, file: string, message: string) => void,
) {
  const read = (f: string) => readFile(path.join(client, f), 'utf8').catch(() => undefined)
  const urlOf = (route: string) => `${config.siteUrl}${route === '/' ? '/' : route}`
  const expected = new Set(sitemap.map(urlOf))
  const written = await read('sitemap.xml')
  if (written === undefined) fail('/sitemap.xml', 'sitemap.xml', 'missing')
  else {
    const listed = new Set([...written.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''))
    for (const url of expected)
      if (!listed.has(url))
        fail(url.slice(config.siteUrl.length), 'sitemap.xml', `the sitemap does not list ${url}`)
    for (const url of listed)
      if (!expected.has(url))
        fail('/sitemap.xml', 'sitemap.xml', `${url} is listed, but it is not an indexed page of this site`)
  }
  for (const [page, { canonical, noindex }] of verdicts) {
    if (page.file === '404.html') continue
    const own = canonical === urlOf(page.route)
    if (expected.has(urlOf(page.route))) {
      if (noindex) fail(page.route, page.file, 'is in the sitemap but tells search engines noindex')
      // A canonical URL that is missing or on another site is reported with the head tags.
      else if (!own && canonical?.startsWith(`${config.siteUrl}/`))
        fail(page.route, page.file, `is in the sitemap but names ${canonical} as its canonical URL`)
    } else if (!noindex && own)
      fail(
        page.route,
        page.file,
        'is neither in the sitemap nor noindex: declare it `indexed` in lib/pages.ts, or not, and build again',
      )
  }
  const robots = await read('robots.txt')
  if (!robots?.includes(`Sitemap: ${config.siteUrl}/sitemap.xml`))
    fail('/robots.txt', 'robots.txt', `robots.txt does not name ${config.siteUrl}/sitemap.xml`)
  const redirects = await read('_redirects')
  if (!redirects || !/^\/products\/\*\s+\/comingsoon\s+30[12]\s*$/m.test(redirects))
    fail('/_redirects', '_redirects', '_redirects does not send unknown /products/* to /comingsoon')
  const headers = await read('_headers')
  if (!headers?.includes('Content-Security-Policy:'))
    fail('/_headers', '_headers', '_headers has no Content-Security-Policy')
  else if (/script-src[^;]*'unsafe-inline'/.test(headers))
    fail('/_headers', '_headers', "the CSP allows 'unsafe-inline' scripts")
  if (!(await read('404.html'))) fail('/404', '404.html', 'missing')
}

/** The dist/client path a same-site URL points at, or undefined for other sites, mailto:, data: and anchors. */
export function localPath(url: string, siteUrl: string): string | undefined {
  if (!url || url.startsWith('#') || /^(mailto|tel|data|javascript):/i.test(url)) return undefined
  let pathname: string
  if (/^https?:\/\//.test(url) || url.startsWith('//')) {
    const parsed = new URL(url, siteUrl)
    if (parsed.origin !== new URL(siteUrl).origin) return undefined
    pathname = parsed.pathname
  } else pathname = new URL(url, `${siteUrl}/`).pathname
  return decodeURIComponent(pathname)
}

/** Whether a URL path resolves to a file of the site, as the host resolves it; asked once per path. */
function cachedExists(client: string) {
  const cache = new Map<string, boolean>()
  return (urlPath: string): boolean => {
    let hit = cache.get(urlPath)
    if (hit === undefined) {
      const clean = urlPath.replace(/\/+$/, '') || '/'
      const candidates =
        clean === '/'
          ? ['index.html']
          : [clean.slice(1), `${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`]
      hit = candidates.some((f) => isFileSync(path.join(client, f)))
      cache.set(urlPath, hit)
    }
    return hit
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
