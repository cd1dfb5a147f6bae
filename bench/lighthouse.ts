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
}

interface ResourceItem {
  resourceType: string
  transferSize: number
}

/**
 * Lighthouse (mobile, default throttling) on each route of a served site, with Debian's Chromium.
 * Each route runs `runs` times and the run with the median performance score is reported, as
 * Lighthouse's own guidance advises: single runs vary by several points on a shared machine.
 */
export async function runLighthouse(
  origin: string,
  routes: readonly string[],
  runs = 3,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  const measure = async (route: string): Promise<LighthouseRow> => {
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`)
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const metric = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? 0))
    const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceItem[] } | undefined)
      ?.items
    const transferred = (type: string) =>
      resources?.find((item) => item.resourceType === type)?.transferSize ?? 0
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
    }
  }
  const rows: LighthouseRow[] = []
  try {
    for (const route of routes) {
      const samples: LighthouseRow[] = []
      for (let i = 0; i < runs; i++) samples.push(await measure(route))
      samples.sort((a, b) => a.performance - b.performance)
      const median = samples[Math.floor(samples.length / 2)]
      if (median) rows.push(median)
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
