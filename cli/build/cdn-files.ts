import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PAGE_LIST, PAGES } from '../../lib/pages.ts'
import type { BuildConfig } from '../../model/config.ts'
import { readJson, saveJson } from '../cache-file.ts'

/** A pre-rendered page as the release stage sees it. */
export interface BuiltPage {
  /** Path of the HTML file inside dist/client, e.g. `aboutus/index.html`. */
  file: string
  /** The route it serves, e.g. `/aboutus`. */
  route: string
  html: string
}

/**
 * Every HTML file of a built site and the route it serves, sorted, without reading them.
 *
 * The build's own output is read with synchronous calls, here and wherever a stage reads every page
 * (docs/decisions.md, "The build reads its own pages synchronously"): they come from the page cache,
 * and through Node's thread pool each read of a small file is four calls (open, stat, read, close)
 * handed to another thread and back. At 1,000 products, reading the 2,024 pages took 1.07 s that
 * way and 0.13 s synchronously (2.1 against 0.4 CPU-s, system time most of the difference).
 */
export async function listPages(client: string): Promise<Omit<BuiltPage, 'html'>[]> {
  const entries = readdirSync(client, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(client, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
    .map((file) => ({ file, route: routeOf(file) }))
}

/** Reads every HTML file of a built site. */
export async function readPages(client: string): Promise<BuiltPage[]> {
  return (await listPages(client)).map((page) => ({
    ...page,
    html: readFileSync(path.join(client, page.file), 'utf8'),
  }))
}

/**
 * The inline-script hashes of each page by its file (`.cache/build/cdn-scripts.json`), for this
 * version of the tool: a page whose file is the one measured before (the same device, inode, size and
 * modification time, to the nanosecond) is not read again. A page an incremental build takes over
 * from the last build is a hard link to that build's file (build-cache.ts, copyPages), so it keeps
 * all four; a page written again, or copied, gets a new file and is read.
 */
export async function openScriptCache(cacheDir: string, toolKey: string) {
  const file = path.join(cacheDir, 'cdn-scripts.json')
  type Entry = { stamp: string; hashes: string[] }
  const saved = readJson(file) as { toolKey?: string; pages?: Record<string, Entry> } | null | undefined
  const known = saved?.toolKey === toolKey && saved.pages ? saved.pages : {}
  const now: Record<string, Entry> = {}
  return {
    /** The page's hashes if its file is the one measured before; else read, hashed and remembered. */
    hashes(client: string, page: string): string[] {
      const where = path.join(client, page)
      const info = statSync(where, { bigint: true })
      const stamp = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`
      const entry = known[page]?.stamp === stamp ? known[page] : undefined
      const measured = entry ?? { stamp, hashes: pageScriptHashes(readFileSync(where, 'utf8')) }
      now[page] = measured
      return measured.hashes
    },
    /** Keeps this build's pages for the next one; a cache that cannot be written only costs time. */
    save: () => saveJson(file, { toolKey, pages: now }),
  }
}

/** `index.html` → `/`, `aboutus/index.html` → `/aboutus`, `customercare.html` → `/customercare.html`. */
export function routeOf(file: string): string {
  if (file === 'index.html') return '/'
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`
  return `/${file}`
}

/**
 * SHA-256 hashes (CSP form) of every executable inline script in the pages. Scripts are found by their
 * tags in the text (a script's content cannot hold `</script>`), not by parsing whole pages: at a
 * thousand products the parse was most of the stage's time.
 */
export function inlineScriptHashes(pages: BuiltPage[]): string[] {
  return [...new Set(pages.flatMap((page) => pageScriptHashes(page.html)))].sort()
}

/** {@link inlineScriptHashes} of one page, in page order. */
function pageScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', body = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes)
    const typed = attribute('type')
    const type = (typed?.[1] ?? typed?.[2] ?? typed?.[3] ?? '').trim().toLowerCase()
    if (attribute('src') || (type && type !== 'module' && type !== 'text/javascript')) continue
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return hashes
}

const origin = (base: string) => (/^https?:\/\//.test(base) ? new URL(base).origin : '')

/**
 * The Content-Security-Policy: no 'unsafe-inline' for scripts; inline scripts are allowed by hash.
 * 'wasm-unsafe-eval' lets the site search (Pagefind) compile its WebAssembly; it allows no JavaScript eval.
 */
export function contentSecurityPolicy(config: BuildConfig, hashes: string[]): string {
  const origins = (...bases: string[]) => [...new Set(bases.map(origin).filter(Boolean))]
  const analytics = (url: string) => (config.analyticsId ? [url] : [])
  const directive = (...words: string[]) => words.join(' ')
  return [
    "default-src 'self'",
    directive(
      'script-src',
      "'self'",
      "'wasm-unsafe-eval'",
      ...hashes,
      ...analytics('https://www.googletagmanager.com'),
    ),
    "style-src 'self' 'unsafe-inline'",
    directive('img-src', "'self'", 'data:', ...origins(config.assetBase, config.storageBase)),
    directive(
      'connect-src',
      "'self'",
      ...origins(config.apiBase),
      ...analytics('https://www.google-analytics.com'),
    ),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The forms post to the API without JavaScript, so its origin may receive them too.
    directive('form-action', "'self'", ...origins(config.apiBase)),
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Pages may be kept, but are checked with the host before each use (a 304 when unchanged). */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate'

/**
 * `_headers` in the common CDN format (Netlify, Cloudflare Pages): security headers everywhere, a
 * year of immutable caching for each hashed asset by its exact path, and for each page (`routes`)
 * caching that asks again every time, so a release shows at once. Not `/assets/*`: a host applies a
 * matching rule to its 404 too, and an asset requested during a deploy race would then stay missing in
 * browsers and shared caches for a year. Rules name exact paths because hosts join the values of every
 * rule that matches: a page rule under `/*` would be added to each asset's own.
 */
export function headersFile(csp: string, assets: readonly string[], routes: readonly string[] = []): string {
  const immutable = assets.map((file) => `/${file}\n  Cache-Control: public, max-age=31536000, immutable\n`)
  const pages = routes.map((route) => `${route}\n  Cache-Control: ${PAGE_CACHE}\n`)
  return `/*
  Strict-Transport-Security: max-age=63072000; includeSubDomains
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()
  X-Frame-Options: DENY
  Content-Security-Policy: ${csp}

${immutable.join('\n')}
${pages.join('\n')}
/media/*
  Cache-Control: public, max-age=604800, stale-while-revalidate=86400

/storage/*
  Cache-Control: public, max-age=86400
`
}

/**
 * `_redirects`: an unknown product's page and enquiry (every page declared `each: 'product'` in
 * lib/pages.ts) end on /comingsoon; existing files are served first.
 */
export function redirectsFile(): string {
  return PAGE_LIST.filter((page) => page.each === 'product')
    .map((page) => `${page.path.replace(/:[a-z]+$/i, '*')}  ${PAGES.comingsoon.path}  302\n`)
    .join('')
}

/** sitemap.xml: the addresses search engines get (model/page-routes.ts, `sitemapRoutes`). */
export function sitemapXml(routes: readonly string[], siteUrl: string): string {
  const urls = routes.map((route) => `  <url><loc>${siteUrl}${route === '/' ? '/' : route}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *
Allow: /
Disallow: /pdf-redirect

Sitemap: ${siteUrl}/sitemap.xml
`
}

/** The files under `assets/` (Vite's hashed output), as paths inside dist/client, sorted. */
async function hashedAssets(client: string): Promise<string[]> {
  const folder = path.join(client, 'assets')
  const entries = existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }) : []
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(client, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
}

/** Writes sitemap.xml (listing `sitemap`, the indexed routes), robots.txt, _headers and _redirects into dist/client. */
export async function writeCdnFiles(
  client: string,
  config: BuildConfig,
  sitemap: readonly string[],
  /** What earlier builds measured of pages this one took over (`openScriptCache`). */
  known?: Awaited<ReturnType<typeof openScriptCache>>,
): Promise<{ pages: number; public: number }> {
  const pages = await listPages(client)
  const hashes = pages.map((page) =>
    known
      ? known.hashes(client, page.file)
      : pageScriptHashes(readFileSync(path.join(client, page.file), 'utf8')),
  )
  await known?.save()
  const csp = contentSecurityPolicy(config, [...new Set(hashes.flat())].sort())
  const assets = await hashedAssets(client)
  await Promise.all([
    writeFile(path.join(client, 'sitemap.xml'), sitemapXml(sitemap, config.siteUrl)),
    writeFile(path.join(client, 'robots.txt'), robotsTxt(config.siteUrl)),
    writeFile(
      path.join(client, '_headers'),
      headersFile(
        csp,
        assets,
        pages.filter((p) => p.file !== '404.html').map((p) => p.route),
      ),
    ),
    writeFile(path.join(client, '_redirects'), redirectsFile()),
  ])
  return { pages: pages.length, public: sitemap.length }
}
