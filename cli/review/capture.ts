import { createHash } from 'node:crypto'
import path from 'node:path'
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  errors,
  type Page,
} from 'playwright-core'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../chromium.ts'
import { COUNT_TIMERS, HYDRATED, LOAD_IMAGES, PAGE_SIZE, STILL_CSS } from './settle.ts'

/** One full-page screenshot: the PNG as Chromium encoded it and the SHA-256 of its bytes. */
export interface Shot {
  width: number
  png: Buffer
  hash: string
}

/** A route's shots at each width, and every address the page asked its server for meanwhile. */
export interface RouteShots {
  shots: Shot[]
  /**
   * Paths under the side's folder (`/products/szephyr`, `/assets/…js`, `/media/…webp` for an absolute
   * asset base) and, marked `url:`, addresses elsewhere (never reached): with the bytes of those
   * files, what decides how the page looks (cli/review/shot-cache.ts).
   */
  loads: string[]
}

/** A site as the review's browser loads it. */
export interface ServedSide {
  /** Where its folder is served (cli/review/serve-folder.ts). */
  origin: string
  /** The folder itself. */
  client: string
  /** An absolute asset base from its build.json (`https://cdn…/media`): answered from `client/media/`. */
  assetBase?: string | undefined
}

/** A shot's name: the SHA-256 of its PNG's bytes, in hex (what the shot cache and store file it under). */
export function shotHash(png: Uint8Array): string {
  return createHash('sha256').update(png).digest('hex')
}

/** Both sides are shot at this height: a fixed window, so what sits at its bottom sits alike. */
const VIEW_HEIGHT = 900
/**
 * How long a page may take to load before its route fails, and to settle before it is shot as it
 * stands (a bound for a loaded machine).
 */
const SETTLE_MS = 30_000

/**
 * Debian's Chromium, launched as the browser tests launch it (cli/chromium.ts), able to look up no host
 * name: pages reach their own server on 127.0.0.1 and nothing outside, so no outside answer (or its
 * absence) can make two runs differ. Cheaper than intercepting every request in Playwright. Without
 * the back/forward cache: a tab goes from page to page (`openCamera`), and a page left behind is
 * never needed again.
 */
export function launchBrowser(): Promise<Browser> {
  const features = '--disable-features='
  const args = CHROMIUM_FLAGS.map((flag) => (flag.startsWith(features) ? `${flag},BackForwardCache` : flag))
  if (!args.some((flag) => flag.startsWith(features))) args.push(`${features}BackForwardCache`)
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    args: [...args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  })
}

/**
 * Shoots pages, one route after another, in a tab of its own for each side it is given. The tab
 * is kept from route to route: a new one per route started a renderer, parsed and compiled the
 * same scripts and decoded the same fonts every time, a fifth of a review's CPU (docs/decisions.md).
 * Nothing a page keeps is carried to the next: the tab leaves the last route's page for a blank one
 * (so its own goodbye, `pagehide`, is over) and the side's cookies and stored data, the session's
 * included, are cleared before the next route's page loads.
 */
export interface Camera {
  /**
   * Shoots `route` of `side` at each width, widest last: the page loads and settles once, then the
   * window is resized for each width (the images chosen again, cli/review/settle.ts). The page runs
   * its scripts, as a visitor's does, with reduced motion, at a device scale of 1; it reaches nothing
   * but its own server (`launchBrowser`), and an absolute asset base is answered from the folder.
   * `warn` hears of a page that did not settle in time, and of a tab that failed (a renderer that
   * crashed, say): the route is shot once more in a new tab, and fails if that fails too. A page
   * that does not load in time fails at once: a new tab would wait as long again for the same page.
   */
  shoot(
    side: ServedSide,
    route: string,
    widths: readonly number[],
    warn: (line: string) => void,
  ): Promise<RouteShots>
  close(): Promise<void>
}

/** A camera's tab on one side. */
interface Tab {
  context: BrowserContext
  page: Page
  cdp: CDPSession
  /** Resolves once none of the page's requests is in flight. */
  quiet: () => Promise<void>
  /** How many requests the page has made since the tab opened. */
  requests: () => number
  /** What the page has asked its server for since the route began. */
  loads: Set<string>
}

/**
 * A camera in `browser`: one per page in flight, its tabs opened as its first route of each side needs
 * them. `settleMs` bounds how long a page may take to load, and then to settle (default 30 s).
 */
export function openCamera(browser: Browser, settleMs = SETTLE_MS): Camera {
  const tabs = new Map<string, Promise<Tab>>()
  const open = async (side: ServedSide, width: number): Promise<Tab> => {
    const context = await browser.newContext({
      viewport: { width, height: VIEW_HEIGHT },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
      acceptDownloads: false,
    })
    const assetBase = side.assetBase
    if (assetBase && /^https?:\/\//.test(assetBase))
      await context.route(`${assetBase}/**`, (request) => {
        const local = assetFile(request.request().url(), assetBase, side.client)
        return local ? request.fulfill({ path: local }) : request.abort()
      })
    const page = await context.newPage()
    page.setDefaultNavigationTimeout(settleMs)
    const tab: Tab = {
      context,
      page,
      cdp: await context.newCDPSession(page),
      ...inFlight(page),
      loads: new Set(),
    }
    context.on('request', (request) => tab.loads.add(loaded(request.url(), side)))
    await page.addInitScript(COUNT_TIMERS)
    return tab
  }
  const close = async (origin: string) => {
    const tab = await tabs.get(origin)?.catch(() => undefined)
    tabs.delete(origin)
    // Closing is tidying up: a tab whose browser has gone cannot be closed, and the error that made a
    // route fail, not this one, is what the review reports.
    await tab?.context.close().catch(() => undefined)
  }
  return {
    async shoot(side, route, widths, warn) {
      const attempt = async () => {
        let opening = tabs.get(side.origin)
        if (!opening) {
          opening = open(side, widths[0] ?? 1000)
          tabs.set(side.origin, opening)
        }
        try {
          return await shootIn(await opening, side, route, widths, settleMs, warn)
        } catch (error) {
          // A tab that failed (to open, a crash, a page that would not load) is not kept for the next route.
          await close(side.origin)
          throw error
        }
      }
      try {
        return await attempt()
      } catch (error) {
        // Once more in a new tab while the browser is there: a tab's renderer can crash on a machine
        // short of memory, and one lost tab should not cost a release manager the whole review. What
        // fails twice is the page's own doing, and fails the review.
        if (!browser.isConnected() || error instanceof errors.TimeoutError) throw error
        warn(`${route}: ${firstLine(error)}; shot again in a new tab`)
        return await attempt()
      }
    },
    async close() {
      await Promise.all([...tabs.keys()].map(close))
    },
  }
}

/** The first line of what went wrong (Playwright adds a call log below it). */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}

async function shootIn(
  tab: Tab,
  side: ServedSide,
  route: string,
  widths: readonly number[],
  settleMs: number,
  warn: (line: string) => void,
): Promise<RouteShots> {
  const { page, cdp, quiet } = tab
  const first = widths[0] ?? 1000
  // The last route's page is left first: resized where it stands, it would choose and load images
  // of its own while this route's loads are being counted, and what it stores as it goes is cleared
  // below with the rest. Clearing the origin's local storage clears its session storage too.
  if (page.url() !== 'about:blank') await page.goto('about:blank')
  await cdp.send('Storage.clearDataForOrigin', {
    origin: side.origin,
    storageTypes: 'cookies,local_storage,indexeddb,websql,file_systems,service_workers,cache_storage',
  })
  if (page.viewportSize()?.width !== first) await page.setViewportSize({ width: first, height: VIEW_HEIGHT })
  tab.loads = new Set()
  await page.goto(`${side.origin}${route}`)
  await settle(page, quiet, settleMs).catch(() =>
    warn(`${route} did not settle within ${settleMs / 1000} s; shot as it stood`),
  )
  await page.addStyleTag({ content: STILL_CSS })
  const shots: Shot[] = []
  for (const width of widths) {
    const asked = tab.requests()
    if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: VIEW_HEIGHT })
    await page.evaluate(LOAD_IMAGES)
    await quiet()
    // Again if the new width brought requests: images chosen for it can bring their own. Not otherwise:
    // a second look at a page whose images were all there found nothing, for a tenth of a route's CPU.
    if (tab.requests() !== asked) {
      await page.evaluate(LOAD_IMAGES)
      await quiet()
    }
    const size = (await page.evaluate(PAGE_SIZE)) as { width: number; height: number }
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
      // Chromium's faster PNG settings: larger files, about a quarter less time per shot.
      optimizeForSpeed: true,
      clip: { x: 0, y: 0, width: size.width, height: size.height, scale: 1 },
    })
    const png = Buffer.from(data, 'base64')
    shots.push({ width, png, hash: shotHash(png) })
  }
  return { shots, loads: [...tab.loads].sort() }
}

/**
 * Waits until the page has hydrated, its short timers have run and no request is in flight; again if
 * the page moved on meanwhile (a brochure page to its after-download page), at most three times.
 */
async function settle(page: Page, quiet: () => Promise<void>, settleMs: number): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const url = page.url()
    await page.waitForLoadState('load', { timeout: settleMs })
    // Polled every 50 ms: polling on every frame (Playwright's default) made the page draw frames meanwhile.
    await page.waitForFunction(HYDRATED, undefined, { timeout: settleMs, polling: 50 })
    await quiet()
    if (page.url() === url) return
  }
}

/** A function that resolves once none of the page's requests is in flight, and a count of its requests. */
function inFlight(page: Page): Pick<Tab, 'quiet' | 'requests'> {
  let open = 0
  let asked = 0
  let waiting: (() => void)[] = []
  const done = () => {
    open = Math.max(0, open - 1)
    if (open > 0) return
    for (const resolve of waiting) resolve()
    waiting = []
  }
  page.on('request', () => {
    open++
    asked++
  })
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return {
    quiet: () => (open === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    requests: () => asked,
  }
}

/**
 * What a request of the page is, as the shot cache files it: a path on the side's own server, an
 * asset under an absolute asset base as the `/media/` path it is answered from, or any other address,
 * marked (the browser reaches nothing else, so its answer never changes; data: and blob: addresses
 * by their scheme alone).
 */
export function loaded(url: string, side: ServedSide): string {
  const address = new URL(url)
  // data: and blob: addresses carry nothing from outside the page (and a blob's is new every time;
  // its origin is the page's, so it is told apart by its scheme first).
  if (!/^https?:$/.test(address.protocol)) return `url:${address.protocol}`
  if (address.origin === side.origin) return address.pathname
  const asset = side.assetBase && assetFile(url, side.assetBase, side.client)
  if (asset) return `/${path.relative(side.client, asset).split(path.sep).join('/')}`
  return `url:${url}`
}

/** The file under `client/media/` that an address under an absolute asset base names, if it does. */
export function assetFile(url: string, assetBase: string, client: string): string | undefined {
  if (!/^https?:\/\//.test(assetBase)) return undefined
  // The address as the browser reads it, `..` resolved, before it is matched against the base.
  const address = new URL(url)
  if (!`${address.origin}${address.pathname}`.startsWith(`${assetBase}/`)) return undefined
  const rest = decodeURIComponent(address.pathname.slice(new URL(assetBase).pathname.length))
  const media = path.join(client, 'media')
  const file = path.join(media, rest)
  return file.startsWith(media + path.sep) ? file : undefined
}
