import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/chromium.ts'

/** Long tasks of one page load, from navigation until the page has hydrated. */
export interface LongTasks {
  /** Sum of each long task's time over 50 ms (what TBT adds up, over the whole load). */
  blockingMs: number
  longestMs: number
  count: number
}

/**
 * Hydrated as the browser tests define it (tests/e2e/hydrated.ts): the first page view pushed and React
 * owning the header, the page, the footer and every section. Text, not a function, so that it runs as
 * written in the page whatever compiled this file.
 */
const HYDRATED = `(() => {
  const owned = (el) => !el || Object.keys(el).some((key) => key.startsWith('__reactProps'))
  return (window.dataLayer || []).some((e) => e && e.event === 'page_view') &&
    owned(document.querySelector('.shell > header')) &&
    owned(document.querySelector('main') && document.querySelector('main').firstElementChild) &&
    owned(document.querySelector('.shell > footer')) &&
    [...document.querySelectorAll('main section')].every(owned)
})()`

/**
 * Loads each URL `runs` times in Debian's Chromium at a phone's viewport with the CPU slowed 4x (as
 * Lighthouse's mobile profile does) and records every long task until hydration; URLs alternate run by
 * run, so two builds compared side by side see the same machine. Steadier than Lighthouse's simulated
 * TBT on a busy machine, since it measures the tasks themselves.
 */
export async function measureLongTasks(
  urls: string[],
  runs: number,
  onRun?: (url: string, tasks: LongTasks) => void,
): Promise<Map<string, LongTasks[]>> {
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
          await page.addInitScript(`window.__longTasks = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) window.__longTasks.push(e.duration)
            }).observe({ type: 'longtask', buffered: true })`)
          await page.goto(url)
          await page.waitForFunction(HYDRATED, undefined, { timeout: 30_000 })
          // One more frame and task, in which the effects of the last hydrated boundary run.
          await page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)))')
          const durations = (await page.evaluate('window.__longTasks')) as number[]
          const tasks = {
            blockingMs: Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
            longestMs: Math.round(Math.max(0, ...durations)),
            count: durations.length,
          }
          results.get(url)?.push(tasks)
          onRun?.(url, tasks)
        } finally {
          await context.close()
        }
      }
  } finally {
    await browser.close()
  }
  return results
}
