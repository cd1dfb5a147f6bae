import path from 'node:path'
import { plural } from '../../lib/errors.ts'
import { BROCHURE_LIBRARY, pageFor } from '../../lib/pages.ts'
import { type BuildConfig, buildConfig } from '../../model/config.ts'
import type { Content } from '../../model/content/load.ts'
import { expectedRoutes, sitemapRoutes } from '../../model/page-routes.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { readPages } from '../build/cdn-files.ts'
import { bytes } from '../timing.ts'
import { checkOutbound, unlinkedBrochures, unlistedBrochures } from './outbound.ts'
import { type SearchReport, verifySearch } from './search.ts'
import { type Failure, type RouteRow, type VerifyReport, verifySite } from './verify.ts'
import { openFoundCache, openVerifyCache } from './verify-cache.ts'

/** What earlier checks of a build found, trusted for the pages it did not render again. */
export interface CheckCache {
  dir: string
  toolKey: string
  /** The routes the build rendered; undefined when it rendered them all. */
  changed: ReadonlySet<string> | undefined
}

/**
 * Every check of a built site: pages, head tags, CDN files and budgets (verifySite), the search index
 * (each product found by its name), brochures no page links, and unless offline every outbound link and brochure PDF (answers cached a day in .cache/).
 */
export async function verifyBuild(
  client: string,
  content: Content,
  paths: ProjectPaths,
  options: {
    offline: boolean
    timeoutMs: number
    config?: BuildConfig | undefined
    /**
     * A build that changed only some pages: what earlier verifies found is trusted for what did not
     * change (verify-cache.ts), for this version of the tool.
     */
    cache?: CheckCache | undefined
    /** Check the search index too (`checkSearch`); the build does that in its search stage. */
    search?: boolean
  },
): Promise<VerifyReport & { links?: { checked: number; cached: number } }> {
  // The settings the site was built with (dist/build.json), else the environment's.
  const config = options.config ?? buildConfig(content.site)
  const cache =
    options.cache && (await openVerifyCache(options.cache.dir, client, config, options.cache.toolKey))
  const pages = await readPages(client)
  const report = await verifySite(
    client,
    config,
    { routes: expectedRoutes(content), sitemap: sitemapRoutes(content) },
    cache,
    pages,
  )
  await cache?.save()
  if (options.search !== false) {
    const search = await checkSearch(client, content, options.cache)
    report.failures.push(...search.failures)
    report.warnings.push(...search.warnings)
  }
  const homes = new Map<string, string>()
  for (const p of content.products) if (p.brochure) homes.set(p.brochure, `/products/${p.slug}`)
  for (const [route, page] of [
    ['/railways', content.railways],
    ['/space', content.space],
  ] as const)
    for (const id of page.brochures ?? []) homes.set(id, route)
  // The library links every brochure; each must also be linked from the page it belongs to.
  const library = pages.find((p) => p.route === BROCHURE_LIBRARY)
  report.failures.push(
    ...unlinkedBrochures(
      pages.filter((p) => p !== library),
      content.brochures,
      homes,
    ),
    ...unlistedBrochures(library, content.brochures),
  )
  if (options.offline) return report
  const links = await checkOutbound(client, pages, config, {
    timeoutMs: options.timeoutMs,
    cacheFile: path.join(paths.cache, 'links.json'),
  })
  report.failures.push(...links.failures)
  return { ...report, links: { checked: links.checked, cached: links.cached } }
}

/**
 * The search check of a built site (cli/verify/search.ts): each product and brochure found by its
 * name. A route found first by an earlier check is not asked again while its page was not rendered
 * again; every route is asked when the build rendered every page.
 */
export async function checkSearch(
  client: string,
  content: Pick<Content, 'products' | 'brochures'>,
  cache?: CheckCache | undefined,
): Promise<SearchReport> {
  const found = cache && (await openFoundCache(cache.dir, cache.toolKey))
  const changed = cache?.changed
  if (found) for (const route of found.routes) if (!changed || changed.has(route)) found.routes.delete(route)
  const report = await verifySearch(client, content.products, content.brochures, found?.routes)
  await found?.save()
  return report
}

/** Prints failures, then the table of routes, sizes and budgets, then the warnings. */
export function printReport(report: VerifyReport & { links?: { checked: number; cached: number } }): void {
  printGrouped(report.failures, console.error)
  console.log(
    `${'route'.padEnd(60)} ${'html'.padStart(9)} ${'js (gzip)'.padStart(10)} ${'budget'.padStart(9)}`,
  )
  const table = tableRows(report.rows)
  for (const r of table)
    console.log(
      `${r.route.padEnd(60)} ${bytes(r.htmlBytes).padStart(9)} ${bytes(r.jsGzipBytes).padStart(10)} ${bytes(r.jsBudget).padStart(9)}`,
    )
  if (table.length < report.rows.length)
    console.log(
      `A kind of page with more than ${ROWS_PER_KIND} routes shows as one row of its largest sizes; \`site verify --json\` lists every route.`,
    )
  if (report.links)
    console.log(
      `Outbound links: ${report.links.checked} checked (${report.links.cached} answered within the last day).`,
    )
  else console.log('Outbound links: not checked (offline).')
  if (report.warnings.length) {
    console.warn(`${plural(report.warnings.length, 'warning')} (nothing to stop a release):`)
    printGrouped(report.warnings, console.warn, '  ')
  }
  if (!report.failures.length) console.log(`${report.rows.length} pages verified.`)
}

/** Routes of one kind of page (products, their enquiries, brochures) the table lists one by one. */
const ROWS_PER_KIND = 20

/**
 * The table's rows: every route, except that a kind of page with more than {@link ROWS_PER_KIND} routes
 * (`/products/:slug` at a thousand products) is one row, where its first route was, of its largest HTML
 * and JavaScript and its budget. What is over a budget is a failure of its own, printed above the table
 * with its route.
 */
function tableRows(rows: readonly RouteRow[]): RouteRow[] {
  const kindOf = (row: RouteRow) => {
    const page = pageFor(row.route)
    return page?.each ? page.path : undefined
  }
  const kinds = new Map<string, RouteRow[]>()
  for (const row of rows) {
    const kind = kindOf(row)
    if (!kind) continue
    const same = kinds.get(kind)
    if (same) same.push(row)
    else kinds.set(kind, [row])
  }
  return rows.flatMap((row) => {
    const kind = kindOf(row)
    const same = kind ? (kinds.get(kind) ?? []) : []
    if (!kind || same.length <= ROWS_PER_KIND) return [row]
    // The kind's row stands where its first route was.
    if (same[0] !== row) return []
    return [
      {
        route: `${kind} (${same.length.toLocaleString('en')} pages, largest)`,
        htmlBytes: Math.max(...same.map((r) => r.htmlBytes)),
        jsGzipBytes: Math.max(...same.map((r) => r.jsGzipBytes)),
        jsBudget: Math.max(...same.map((r) => r.jsBudget)),
      },
    ]
  })
}

/** Failures or warnings grouped by page, at most five lines each: a badly broken build stays readable. */
export function printGrouped(list: readonly Failure[], print: (line: string) => void, indent = ''): void {
  const byPage = new Map<string, Failure[]>()
  for (const f of list) {
    const key = `${f.page}  (${f.file})`
    byPage.set(key, [...(byPage.get(key) ?? []), f])
  }
  for (const [page, entries] of byPage) {
    print(`${indent}${page}`)
    for (const f of entries.slice(0, 5)) print(`${indent}  ${f.message}`)
    if (entries.length > 5) print(`${indent}  … and ${entries.length - 5} more on this page`)
  }
}
