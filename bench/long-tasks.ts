import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { hydrated } from '../tests/e2e/hydrated.ts'

/** Long tasks of one page load, from navigation until the page has hydrated. */
export interface LongTasks {
  /** Sum of each long task's time over 50 ms (what TBT adds up, over the whole load). */
  blockingMs: number
  longestMs: number
  count: number
  /** The same sum for the tasks after hydration, until the page has been quiet for `QUIET_MS`. */
  afterMs: number
}

/** The page counts as settled after this long (real time) with no long task, as Lighthouse's TTI waits. */
const QUIET_MS = 2000
/** Gives up waiting for a quiet page after this long. */
const SETTLE_CAP_MS = 15_000

/** What TBT adds up: each task's time over 50 ms. */
const blocking = (durations: number[]) =>
  Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0))

/**
 * Loads each URL `runs` times in Debian's Chromium at a phone's viewport with the CPU slowed 4x (as
 * Lighthouse's mobile profile does) and records every long task until hydration; URLs alternate run by
 * run, so two builds compared side by side see the same machine. Steadier than Lighthouse's simulated
 * TBT on a busy machine, since it measures the tasks themselves.
 */
export async function measureLongTasks(urls: string[], runs: number): Promise<Map<string, LongTasks[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
  const results = new Map<string, LongTasks[]>(urls.map((url) => [url, []]))
  try {
    for (let i = 0; i < runs; i++)
      for (const url of urls) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
        try {
          const page = await context.newPage()
          const cdp = await context.newCDPSession(page)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
          // tsx compiles hydrated()'s page functions with esbuild's name-keeping helper, which the page
          // lacks (Playwright's own runner does not add it); a text predicate instead would be eval,
          // which the site's CSP refuses under `site serve`.
          await page.addInitScript('window.__name = (f) => f')
          await page.addInitScript(`window.__longTasks = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration])
            }).observe({ type: 'longtask', buffered: true })`)
          await page.goto(url)
          await hydrated(page)
          const hydratedAt = (await page.evaluate('performance.now()')) as number
          // Then what the page does after hydration (lazy modules, observers, idle work) until it is quiet.
          await page
            .waitForFunction(
              `(() => { const t = window.__longTasks.at(-1); return performance.now() - (t ? t[0] + t[1] : 0) > ${QUIET_MS} })()`,
              undefined,
              { timeout: SETTLE_CAP_MS, polling: 200 },
            )
            .catch(() => {})
          const all = (await page.evaluate('window.__longTasks')) as [number, number][]
          const durations = all.filter(([start]) => start < hydratedAt).map(([, d]) => d)
          const tasks = {
            blockingMs: blocking(durations),
            longestMs: Math.round(Math.max(0, ...durations)),
            count: durations.length,
            afterMs: blocking(all.filter(([start]) => start >= hydratedAt).map(([, d]) => d)),
          }
          results.get(url)?.push(tasks)
        } finally {
          await context.close()
        }
      }
  } finally {
    await browser.close()
  }
  return results
}
