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
}

/** Lighthouse (mobile, default throttling) on each route of a served site, with Debian's Chromium. */
export async function runLighthouse(origin: string, routes: readonly string[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  })
  const rows: LighthouseRow[] = []
  try {
    for (const route of routes) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`)
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      rows.push({
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
        lcpMs: Math.round(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)),
      })
    }
  } finally {
    await chrome.kill()
  }
  return rows
}
