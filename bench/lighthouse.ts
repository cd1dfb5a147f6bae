import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'

export interface LighthouseRow {
  route: string
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  cls: number
  lcpMs: number
  tbtMs: number
  /** Bytes over the wire on the first load of the page (as Lighthouse's phone loads it, no scrolling). */
  scriptBytes: number
  imageBytes: number
  /** The largest contentful paint's element, as Lighthouse names it (for finding what to speed up). */
  lcpElement: string
}

/** A route measured on the built site and on its zero-JS floor (bench/floor.ts). */
export interface FloorRow extends LighthouseRow {
  floorLcpMs: number
  /** LCP of the site divided by LCP of the floor: 1.0 means scripts cost the largest paint nothing. */
  ratio: number
}

interface ResourceItem {
  resourceType: string
  transferSize: number
}

type Chrome = Awaited<ReturnType<typeof chromeLauncher.launch>>

/** One Lighthouse run (mobile, default simulated throttling) of `url`. */
async function measure(chrome: Chrome, url: string, route: string): Promise<LighthouseRow> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const metric = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? 0))
  const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceItem[] } | undefined)?.items
  const transferred = (type: string) =>
    resources?.find((item) => item.resourceType === type)?.transferSize ?? 0
  const lcpItems = (
    lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { selector?: string } }[] }[] }
      | undefined
  )?.items
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    scriptBytes: transferred('script'),
    imageBytes: transferred('image'),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.selector ?? '',
  }
}

const medianBy = <T>(samples: T[], by: (row: T) => number): T | undefined =>
  [...samples].sort((a, b) => by(a) - by(b))[Math.floor(samples.length / 2)]

/**
 * Lighthouse (mobile, default throttling) on each route of the built site and of its zero-JS floor, with
 * Debian's Chromium. Runs alternate between the two, `runs` times each; the site's run with the median
 * performance score is reported (Lighthouse's own advice: single runs vary by several points on a shared
 * machine) beside the floor's median LCP.
 */
export async function runLighthouse(
  origins: { site: string; floor: string },
  routes: readonly string[],
  runs = 3,
  onRow: (row: FloorRow) => void = () => {},
): Promise<FloorRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  const rows: FloorRow[] = []
  try {
    for (const route of routes) {
      const site: LighthouseRow[] = []
      const floor: LighthouseRow[] = []
      for (let i = 0; i < runs; i++) {
        site.push(await measure(chrome, `${origins.site}${route}`, route))
        floor.push(await measure(chrome, `${origins.floor}${route}`, route))
      }
      const chosen = medianBy(site, (r) => r.performance)
      const floorLcpMs = medianBy(floor, (r) => r.lcpMs)?.lcpMs ?? 0
      if (!chosen) continue
      const row = { ...chosen, lcpMs: medianBy(site, (r) => r.lcpMs)?.lcpMs ?? chosen.lcpMs, floorLcpMs }
      const withRatio = { ...row, ratio: floorLcpMs ? row.lcpMs / floorLcpMs : 0 }
      rows.push(withRatio)
      onRow(withRatio)
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
