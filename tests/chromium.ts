/**
 * Debian's Chromium, as the browser tests and the Lighthouse benchmark launch it. Playwright cannot
 * download its own browser here; without the network flags Chromium hangs on this closed network.
 *
 * `ModuleMapDoNotCacheFailedFetch` off: the browser keeps a module whose fetch failed, as Chromium up
 * to 150 and older Firefox and Safari do (the HTML standard until whatwg/html#10327), so the suite
 * holds the site to the strictest behaviour visitors' browsers still have (lib/retrying-import.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=ModuleMapDoNotCacheFailedFetch',
]
