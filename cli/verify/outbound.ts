import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'node-html-parser'
import pLimit from 'p-limit'
import { BROCHURE_LIBRARY } from '../../lib/pages.ts'
import type { BuildConfig } from '../../model/config.ts'
import type { Brochure } from '../../model/content/schemas/site.ts'
import { brochureUrl, isRemote } from '../brochures/check.ts'
import type { BuiltPage } from '../build/cdn-files.ts'
import type { Failure } from './verify.ts'

/** How long a link that answered stays trusted. */
export const LINK_CACHE_MS = 24 * 60 * 60 * 1000

export interface OutboundOptions {
  /** Per link, for the HEAD and again for the GET fallback. */
  timeoutMs: number
  /** `.cache/links.json`: links that answered, with when; undefined for no cache. */
  cacheFile?: string | undefined
  concurrency?: number
  now?: () => number
}

/** Where a page points off the site: other sites' links, and the PDF behind each brochure link. */
export function outboundLinks(
  page: BuiltPage,
  config: BuildConfig,
): { url: string; what: 'link' | 'brochure' }[] {
  const own = new URL(config.siteUrl).origin
  const found = new Map<string, 'link' | 'brochure'>()
  for (const a of parse(page.html).querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? ''
    const brochure = /^\/brochures\/([A-Za-z0-9_]+)\/?$/.exec(href)?.[1]
    if (brochure) found.set(brochureUrl(config.storageBase, brochure), 'brochure')
    else if (/^https?:\/\//i.test(href) && new URL(href).origin !== own) found.set(href, 'link')
  }
  return [...found].map(([url, what]) => ({ url, what }))
}

/** Brochures no page links to, with the page that should (a product's `brochure`, a domain page's `brochures`). */
export function unlinkedBrochures(
  pages: BuiltPage[],
  brochures: readonly Brochure[],
  homes: ReadonlyMap<string, string>,
): Failure[] {
  const linked = new Set<string>()
  const unseen = new Set(brochures.map((b) => b.id))
  // Parsing every page was most of verify's time at a thousand products: a page is parsed only if its
  // text names a brochure's address at all, and the search stops once every brochure is linked.
  for (const page of pages) {
    if (!unseen.size) break
    if (!page.html.includes('/brochures/')) continue
    for (const a of parse(page.html).querySelectorAll('a[href^="/brochures/"]')) {
      const id = (a.getAttribute('href') ?? '').replace(/^\/brochures\/|\/$/g, '')
      linked.add(id)
      unseen.delete(id)
    }
  }
  return brochures
    .filter((b) => !linked.has(b.id))
    .map((b) => ({
      page: `/brochures/${b.id}`,
      file: `brochures/${b.id}/index.html`,
      message: `the brochure ${b.id} ("${b.title}") exists but no page links to it; ${
        homes.get(b.id)
          ? `${homes.get(b.id)} should link it`
          : "link it from the page it belongs to: a product's `brochure:` or a domain page's `brochures:` list"
      }`,
    }))
}

/** Brochures the brochure library does not link (it lists every one); none when it was not built (a missing route is reported as such). */
export function unlistedBrochures(library: BuiltPage | undefined, brochures: readonly Brochure[]): Failure[] {
  if (!library) return []
  const listed = new Set(
    parse(library.html)
      .querySelectorAll('main a[href^="/brochures/"]')
      .map((a) => (a.getAttribute('href') ?? '').replace(/^\/brochures\/|\/$/g, '')),
  )
  return brochures
    .filter((b) => !listed.has(b.id))
    .map((b) => ({
      page: BROCHURE_LIBRARY,
      file: library.file,
      message: `the brochure library does not list ${b.id} ("${b.title}"); it lists every brochure in content/brochures.yaml`,
    }))
}

type Answer = { ok: true; status: number } | { ok: false; reason: string }

/** Asks once: HEAD, then GET when HEAD is refused or fails (some servers only answer GET). Redirects are followed. */
export async function probe(url: string, timeoutMs: number): Promise<Answer> {
  const ask = async (method: 'HEAD' | 'GET'): Promise<Answer> => {
    try {
      const response = await fetch(url, {
        method,
        redirect: 'follow',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { 'user-agent': 'site-verify (link check)' },
      })
      await response.body?.cancel()
      return response.status < 400
        ? { ok: true, status: response.status }
        : { ok: false, reason: `answered HTTP ${response.status}` }
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } }
      if (e.name === 'TimeoutError') return { ok: false, reason: `did not answer within ${timeoutMs} ms` }
      return { ok: false, reason: `could not be reached (${e.cause?.code ?? e.cause?.message ?? e.message})` }
    }
  }
  const head = await ask('HEAD')
  return head.ok || head.reason.startsWith('did not answer') ? head : ask('GET')
}

/** Network errors that mean the name could not be looked up: no DNS answer at all. */
const UNRESOLVED = /\((ENOTFOUND|EAI_AGAIN)\)$/

/**
 * Checks every external link and brochure PDF on every page, each URL once, and reports each failing
 * URL once with the pages that link it. When no host name resolved at all, the machine is offline:
 * that is one failure saying so, not one per link. Answers are cached for a day in `cacheFile`; a
 * failure is asked again on the next run, so a fixed link clears at once. A brochure on a path storage
 * base is looked up in the build instead.
 */
export async function checkOutbound(
  client: string,
  pages: BuiltPage[],
  config: BuildConfig,
  options: OutboundOptions,
): Promise<{ failures: Failure[]; checked: number; cached: number }> {
  const now = options.now ?? Date.now
  const cache: Record<string, number> = options.cacheFile
    ? await readFile(options.cacheFile, 'utf8')
        .then((t) => JSON.parse(t) as Record<string, number>)
        .catch(() => ({}))
    : {}
  const usedBy = new Map<string, { page: BuiltPage; what: string }[]>()
  for (const page of pages)
    for (const { url, what } of outboundLinks(page, config))
      usedBy.set(url, [...(usedBy.get(url) ?? []), { page, what }])

  const limit = pLimit(options.concurrency ?? 8)
  let cached = 0
  let asked = 0
  const failed: { url: string; reason: string; uses: { page: BuiltPage; what: string }[] }[] = []
  await Promise.all(
    [...usedBy].map(([url, uses]) =>
      limit(async () => {
        let answer: Answer
        if (!isRemote(url)) answer = await inBuild(client, url)
        else if (cache[url] !== undefined && cache[url] > now() - LINK_CACHE_MS) {
          cached++
          return
        } else {
          asked++
          answer = await probe(url, options.timeoutMs)
        }
        if (answer.ok) {
          if (isRemote(url)) cache[url] = now()
          return
        }
        delete cache[url]
        failed.push({ url, reason: answer.reason, uses })
      }),
    ),
  )
  if (options.cacheFile) {
    await mkdir(path.dirname(options.cacheFile), { recursive: true })
    await writeFile(options.cacheFile, `${JSON.stringify(cache, null, 2)}\n`)
  }
  const unresolved = failed.filter((f) => UNRESOLVED.test(f.reason))
  if (asked > 0 && unresolved.length === asked)
    return {
      failures: [
        {
          page: '(outbound links)',
          file: '-',
          message: `none of the ${asked} outside addresses could be looked up ${unresolved[0]?.reason.replace(/^could not be reached /, '')}: this machine looks offline. Run with --offline to skip the outbound links here, and check them where the network is reachable (docs/releasing.md)`,
        },
        ...failed.filter((f) => !UNRESOLVED.test(f.reason)).map(toFailure),
      ],
      checked: usedBy.size,
      cached,
    }
  const failures = failed.map(toFailure)
  failures.sort((a, b) => a.page.localeCompare(b.page) || a.message.localeCompare(b.message))
  return { failures, checked: usedBy.size, cached }
}

/** A brochure on a path storage base: is its file in the build? */
async function inBuild(client: string, url: string): Promise<Answer> {
  const file = path.join(client, ...url.split('/').filter(Boolean))
  const found = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  )
  return found ? { ok: true, status: 200 } : { ok: false, reason: 'is not in the build' }
}

/** One failure per URL, at the first page that links it, naming the others. */
function toFailure(f: { url: string; reason: string; uses: { page: BuiltPage; what: string }[] }): Failure {
  const pages = [...new Set(f.uses.map((u) => u.page.route))].sort()
  const first = f.uses.find((u) => u.page.route === pages[0]) ?? f.uses[0]
  const shown = pages.slice(0, 3).join(', ')
  const more = pages.length > 3 ? ` and ${pages.length - 3} more` : ''
  return {
    page: first?.page.route ?? '',
    file: first?.page.file ?? '',
    message: `${first?.what ?? 'link'} ${f.url} ${f.reason}${pages.length > 1 ? `; linked from ${pages.length} pages: ${shown}${more}` : ''}`,
  }
}
