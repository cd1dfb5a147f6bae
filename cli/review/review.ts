import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ERRORS, plural, siteError } from '../../lib/errors.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { type Camera, firstLine, launchBrowser, openCamera, type Shot } from './capture.ts'
import { type Comparer, openComparer } from './comparer.ts'
import type { Difference } from './diff.ts'
import { overlayHtml, reportHtml } from './report-html.ts'
import { serveFolder } from './serve-folder.ts'
import { percent } from './share.ts'
import { cacheSide, openShotCache, reviewCode } from './shot-cache.ts'
import { openShotStore } from './shot-store.ts'
import { openSides, type Side, shown } from './sides.ts'

export interface ReviewOptions {
  /** A built site to compare with (default: dist/baseline, cli/build/staging.ts). */
  baseline?: string | undefined
  /** The report's folder. */
  out: string
  /** Window widths in px, each page shot at every one. */
  widths: readonly number[]
  /** Only these routes (tests: a review of the pages a test is about); default every page in common. */
  routes?: readonly string[]
  /**
   * Shoot every page of both sides, trusting no shot an earlier review saw (cli/review/shot-cache.ts);
   * what was shot is still remembered for the next review.
   */
  fresh?: boolean
  /** Progress: each route as it is done. */
  log?: (line: string) => void
  /**
   * What a release manager should see: a page that did not settle in time, a tab that failed and was
   * shot again (cli/review/capture.ts). Default: `log`.
   */
  warn?: (line: string) => void
}

/**
 * One page at one width: the share of its pixels that changed and, if any did, its files: both
 * shots, the page that lays the marks over the baseline in grey (`overlay`, HTML), the marks
 * themselves and where they sit.
 */
export interface PageWidth {
  width: number
  changed: number
  files?: { baseline: string; site: string; overlay: string; marks: string }
  /** The rows the marks cover: `top` and `height`, in the page's rows. */
  marks?: { top: number; height: number }
  /**
   * The rows around the changes as two PNGs, and where in the page they are; `pageWidth` is the
   * width both sides were compared at.
   */
  band?: { top: number; bottom: number; height: number; pageWidth: number; baseline: string; site: string }
}

export interface ReviewedRoute {
  route: string
  /** The anchor of its section in index.html. */
  id: string
  widths: PageWidth[]
}

/** What a review found, as index.html shows it; review.json is its `pages`, `added` and `removed`. */
export interface Review {
  routes: ReviewedRoute[]
  added: string[]
  removed: string[]
  widths: readonly number[]
  /** The one line the terminal prints. */
  summary: string
  baseline: string
  site: string
  at: string
  /** The largest change: route, width and share. */
  largest?: { route: string; width: number; changed: number }
  /** Where index.html was written. */
  report: string
  /** Shots taken, and shots an earlier review had seen and so were not taken again. */
  shots: { taken: number; known: number }
  /** The PNGs kept for the next review (cli/review/shot-store.ts), those pruned, and their size in bytes. */
  stored?: { kept: number; removed: number; bytes: number }
  /** Where the time went (`npm run bench -- review`). */
  spent?: Spent
  /** The CPU time in ms of the process the shots were compared in (cli/review/comparer.ts). */
  comparingCpu?: number
}

/**
 * Milliseconds spent shooting pages, checking their files against the shot cache, reading stored
 * PNGs, comparing shots and writing PNGs (the store's and the report's), each summed over the pages
 * in flight: with several at once they add up to more than the review's wall time.
 */
export interface Spent {
  shooting: number
  checking: number
  reading: number
  comparing: number
  writing: number
}

/**
 * Pages in the browser at once: each waits on its scripts and images part of the time, so three keep
 * two cores busy (measured with `npm run bench -- review`).
 */
const PAGES_AT_ONCE = 3

/**
 * Compares every page the built site and its baseline have in common, at every width, in one run of
 * Debian's Chromium, and writes the report (index.html, review.json and the PNGs of what changed)
 * into `options.out`, which it empties of an earlier report first.
 */
export async function runReview(paths: ProjectPaths, options: ReviewOptions): Promise<Review> {
  /** The first route that could not be shot: it stops the review, and nothing is said after it. */
  let failure: { error: unknown } | undefined
  const log = (line: string) => {
    if (!failure) options.log?.(line)
  }
  const warn = (line: string) => {
    if (!failure) (options.warn ?? log)(line)
  }
  const sides = await openSides(paths.client, paths.dist, options.baseline)
  const wanted = options.routes && new Set(options.routes)
  const routes = wanted ? sides.common.filter((route) => wanted.has(route)) : sides.common
  const images = path.join(options.out, 'images')
  await rm(images, { recursive: true, force: true })
  await mkdir(images, { recursive: true })
  const [baselineServer, siteServer] = await Promise.all([
    serveFolder(sides.baseline.client),
    serveFolder(sides.site.client),
  ])
  const browser = await launchBrowser()
  const comparer = openComparer()
  const cache = await openShotCache(path.join(paths.cache, 'review-shots.json'))
  const store = openShotStore(path.join(paths.cache, 'review-shots'))
  /** The hashes of every shot this review used or took, on both sides: the PNGs the store keeps. */
  const used = new Set<string>()
  const reviewed: ReviewedRoute[] = []
  const shots = { taken: 0, known: 0 }
  let finished = false
  let stored = { kept: 0, removed: 0, bytes: 0 }
  let comparingCpu = 0
  const spent: Spent = { shooting: 0, checking: 0, reading: 0, comparing: 0, writing: 0 }
  try {
    const widths = options.widths
    const code = await reviewCode(paths.root, browser.version())
    const served = (side: Side, origin: string) => {
      const assetBase = side.info?.config.assetBase ?? sides.site.info?.config.assetBase
      return { origin, client: side.client, assetBase, files: cacheSide(side.client, code, assetBase) }
    }
    const baseline = served(sides.baseline, baselineServer.origin)
    const site = served(sides.site, siteServer.origin)
    type Served = typeof site
    /** A route's hashes at every width, known from an earlier review of the same bytes. */
    const known = async (side: Served, route: string) => {
      const hashes = options.fresh
        ? undefined
        : await timed(spent, 'checking', () => cache.find(side.files, route, widths))
      for (const hash of hashes ?? []) used.add(hash)
      return hashes
    }
    const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
      a !== undefined && b !== undefined && a.every((hash, i) => hash === b[i])
    const hashes = (taken: readonly Shot[]) => taken.map((shot) => shot.hash)
    /** The shots behind known hashes, read from the store; undefined if one is missing or altered. */
    const recall = async (hashes: readonly string[] | undefined): Promise<Shot[] | undefined> => {
      if (!hashes) return undefined
      const pngs = await timed(spent, 'reading', () => Promise.all(hashes.map((hash) => store.read(hash))))
      if (pngs.some((png) => !png)) return undefined
      shots.known += hashes.length
      return pngs.map((png, i) => ({
        width: widths[i] as number,
        png: png as Buffer,
        hash: hashes[i] as string,
      }))
    }
    const shoot = async (camera: Camera, side: Served, route: string) => {
      const taken = await timed(spent, 'shooting', () => camera.shoot(side, route, widths, warn)).catch(
        (error: unknown) => {
          // The camera has already shot it again in a new tab, where that could help (cli/review/capture.ts).
          const named = side === site ? 'the new site' : 'the baseline'
          throw siteError(ERRORS.ReviewPageFailed, { route, side: named, reason: firstLine(error) })
        },
      )
      const byWidth = Object.fromEntries(taken.shots.map((shot) => [shot.width, shot.hash]))
      await timed(spent, 'checking', () => cache.remember(side.files, route, taken.loads, byWidth))
      await timed(spent, 'writing', () =>
        Promise.all(taken.shots.map((shot) => store.write(shot.hash, shot.png))),
      )
      for (const shot of taken.shots) used.add(shot.hash)
      shots.taken += taken.shots.length
      return taken.shots
    }
    const unchanged = (route: string): ReviewedRoute => ({
      route,
      id: routeId(route),
      widths: widths.map((width) => ({ width, changed: 0 })),
    })
    /**
     * One route: nothing shot when both sides are known alike; otherwise each side's pixels, from the
     * store when the side is known and its PNGs are there, else shot. The side not known goes first
     * (the new site when neither is), and the other is needed only if its hashes, known now or from
     * that very shot's files, differ: then its pixels are needed for the difference.
     */
    const review = async (camera: Camera, route: string): Promise<ReviewedRoute> => {
      const knownSite = await known(site, route)
      const knownBaseline = await known(baseline, route)
      if (same(knownSite, knownBaseline)) {
        shots.known += 2 * widths.length
        return unchanged(route)
      }
      const [first, other] = knownSite && !knownBaseline ? [baseline, site] : [site, baseline]
      const firstShots =
        (await recall(first === site ? knownSite : knownBaseline)) ?? (await shoot(camera, first, route))
      const otherKnown = await known(other, route)
      if (same(otherKnown, hashes(firstShots))) {
        shots.known += widths.length
        return unchanged(route)
      }
      const otherShots = (await recall(otherKnown)) ?? (await shoot(camera, other, route))
      return first === site
        ? compareRoute(comparer, route, otherShots, firstShots, images, spent)
        : compareRoute(comparer, route, firstShots, otherShots, images, spent)
    }
    const queue = [...routes]
    const worker = async () => {
      const camera = openCamera(browser)
      try {
        for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
          reviewed.push(await review(camera, route))
          log(`${reviewed.length}/${routes.length} ${route}`)
        }
      } catch (error) {
        // The first failure stops the review: no route begins after it, and the routes in flight fail
        // as the browser closes under them (their errors are not the one to report).
        failure ??= { error }
        queue.length = 0
        await browser.close()
      } finally {
        await camera.close()
      }
    }
    await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker))
    if (failure) throw failure.error
    finished = true
  } finally {
    const [, cpu] = await Promise.all([browser.close(), comparer.close()])
    comparingCpu = cpu
    await Promise.all([baselineServer.close(), siteServer.close()])
    await cache.save()
    // Only a review that got through every page knows which PNGs the next one can use.
    if (finished) stored = await store.prune(used)
  }
  reviewed.sort((a, b) => worst(b) - worst(a) || (a.route < b.route ? -1 : 1))
  const review = {
    ...describe(reviewed, sides.added, sides.removed, options, sides, shots),
    stored,
    spent,
    comparingCpu,
  }
  await writeFile(path.join(options.out, 'review.json'), `${JSON.stringify(reviewJson(review), null, 2)}\n`)
  await writeFile(review.report, reportHtml(review))
  return review
}

const worst = (route: ReviewedRoute) => Math.max(0, ...route.widths.map((w) => w.changed))

/** A route's name in file names and anchors: `/products/szephyr` is `products_szephyr`, `/` is `home`. */
export function routeSlug(route: string): string {
  return route === '/' ? 'home' : route.slice(1).replace(/[^A-Za-z0-9._-]+/g, '_')
}

/** The anchor of a route's section in index.html. */
const routeId = (route: string) => `page-${routeSlug(route)}`

/** Adds the time `work` takes to `spent[kind]`. */
async function timed<T>(spent: Spent, kind: keyof Spent, work: () => Promise<T>): Promise<T> {
  const start = performance.now()
  try {
    return await work()
  } finally {
    spent[kind] += performance.now() - start
  }
}

async function compareRoute(
  comparer: Comparer,
  route: string,
  before: Shot[],
  after: Shot[],
  images: string,
  spent: Spent,
) {
  const widths: PageWidth[] = []
  for (const [i, shot] of after.entries()) {
    const base = before[i]
    if (!base) continue
    const difference = await timed(spent, 'comparing', () => comparer.compare(base, shot))
    widths.push(
      await timed(spent, 'writing', () =>
        writeDifference(
          path.dirname(images),
          route,
          { width: shot.width, baseline: base, site: shot },
          difference,
        ),
      ),
    )
  }
  return { route, id: routeId(route), widths }
}

/**
 * What the report shows of one page at one width: nothing but the share when no pixel changed; else
 * both shots, the cuts around the changes, the marks and the whole page's overlay, written under
 * `report`'s `images/`.
 */
export async function writeDifference(
  report: string,
  route: string,
  shots: { width: number; baseline: { png: Buffer }; site: { png: Buffer } },
  difference: Difference,
): Promise<PageWidth> {
  const { width } = shots
  const { changed, marks, band } = difference
  if (!marks || !band) return { width, changed }
  const name = `${routeSlug(route)}-${width}`
  const files = {
    baseline: `images/${name}-baseline.png`,
    site: `images/${name}-new.png`,
    overlay: `images/${name}-diff.html`,
    marks: `images/${name}-marks.png`,
  }
  const cuts = {
    top: band.top,
    bottom: band.bottom,
    height: band.height,
    pageWidth: band.width,
    baseline: `images/${name}-baseline-band.png`,
    site: `images/${name}-new-band.png`,
  }
  const where = { top: marks.top, height: marks.height }
  const overlay = overlayHtml({ route, id: routeId(route), width, files, marks: where, band: cuts })
  await Promise.all(
    (
      [
        [files.baseline, shots.baseline.png],
        [files.site, shots.site.png],
        [files.marks, marks.png],
        [files.overlay, overlay],
        [cuts.baseline, band.baseline],
        [cuts.site, band.site],
      ] as const
    ).map(([file, bytes]) => writeFile(path.join(report, file), bytes)),
  )
  return { width, changed, files, marks: where, band: cuts }
}

function describe(
  routes: ReviewedRoute[],
  added: string[],
  removed: string[],
  options: ReviewOptions,
  sides: { baseline: Side; site: Side },
  taken: Review['shots'],
): Review {
  let largest: Review['largest']
  for (const r of routes)
    for (const w of r.widths)
      if (w.changed > 0 && (!largest || w.changed > largest.changed))
        largest = { route: r.route, width: w.width, changed: w.changed }
  const changed = routes.filter((r) => worst(r) > 0).length
  const shots = routes.reduce((n, r) => n + r.widths.filter((w) => w.changed > 0).length, 0)
  const report = path.join(options.out, 'index.html')
  const parts = [
    `${changed} of ${plural(routes.length, 'page')} changed` +
      (changed ? ` (${shots} of ${routes.length * options.widths.length} shots)` : ''),
    largest ? `the largest: ${largest.route} at ${largest.width} px, ${percent(largest.changed)}` : '',
    added.length || removed.length ? `${added.length} added, ${removed.length} removed` : '',
    taken.known
      ? `${plural(taken.taken, 'shot')} taken, ${taken.known} known from the same files shot before`
      : '',
  ].filter(Boolean)
  return {
    routes,
    added,
    removed,
    widths: options.widths,
    summary: `Review: ${parts.join('; ')}. Report: ${shown(report)}`,
    baseline: shown(sides.baseline.client),
    site: shown(sides.site.client),
    at: new Date().toISOString(),
    ...(largest ? { largest } : {}),
    report,
    shots: taken,
  }
}

/** review.json: every page at every width, in route order, and the pages only one side has. */
export function reviewJson(review: Review) {
  const pages = [...review.routes]
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
    .flatMap((r) => r.widths.map((w) => ({ route: r.route, width: w.width, changed: w.changed })))
  return { pages, added: review.added, removed: review.removed }
}
