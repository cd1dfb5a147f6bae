import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { hydrated } from '../tests/e2e/hydrated.ts'

/** Long tasks of one page load, from navigation until the page has hydrated. */
export interface LongTasks {
  /** Sum of each long task's time over 50 ms (what TBT adds up, over the whole load). */
  blockingMs: number
  longestMs: number
  count: number
}

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
              for (const e of list.getEntries()) window.__longTasks.push(e.duration)
            }).observe({ type: 'longtask', buffered: true })`)
          await page.goto(url)
          await hydrated(page)
          const durations = (await page.evaluate('window.__longTasks')) as number[]
          const tasks = {
            blockingMs: Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
            longestMs: Math.round(Math.max(0, ...durations)),
            count: durations.length,
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
