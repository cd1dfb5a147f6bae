import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'node-html-parser'
import pLimit from 'p-limit'
import { BROCHURE_LIBRARY } from '../../lib/routes.ts'
import type { BuildConfig } from '../../renderer/config.ts'
import type { Brochure } from '../../renderer/content/schemas/site.ts'
import { brochureUrl } from '../brochures/check.ts'
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
  for (const page of pages)
    for (const a of parse(page.html).querySelectorAll('a[href^="/brochures/"]'))
      linked.add((a.getAttribute('href') ?? '').replace(/^\/brochures\/|\/$/g, ''))
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

/**
 * Checks every external link and brochure PDF on every page, each URL once, reporting each failure per
 * page. Answers are cached for a day in `cacheFile`; a failure is asked again on the next run, so a
 * fixed link clears at once. A brochure on a path storage base is looked up in the build instead.
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
  const failures: Failure[] = []
  await Promise.all(
    [...usedBy].map(([url, uses]) =>
      limit(async () => {
        let answer: Answer
        if (!/^https?:\/\//.test(url)) {
          const file = path.join(client, ...url.split('/').filter(Boolean))
          const found = await stat(file).then(
            (s) => s.isFile(),
            () => false,
          )
          answer = found ? { ok: true, status: 200 } : { ok: false, reason: 'is not in the build' }
        } else if (cache[url] !== undefined && cache[url] > now() - LINK_CACHE_MS) {
          cached++
          return
        } else answer = await probe(url, options.timeoutMs)
        if (answer.ok) {
          if (/^https?:\/\//.test(url)) cache[url] = now()
          return
        }
        delete cache[url]
        for (const { page, what } of uses)
          failures.push({ page: page.route, file: page.file, message: `${what} ${url} ${answer.reason}` })
      }),
    ),
  )
  if (options.cacheFile) {
    await mkdir(path.dirname(options.cacheFile), { recursive: true })
    await writeFile(options.cacheFile, `${JSON.stringify(cache, null, 2)}\n`)
  }
  failures.sort((a, b) => a.page.localeCompare(b.page) || a.message.localeCompare(b.message))
  return { failures, checked: usedBy.size, cached }
}
