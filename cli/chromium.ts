import { existsSync } from 'node:fs'

/**
 * Debian's Chromium, as `site review`, the browser tests and the benchmarks launch it. Playwright cannot
 * download its own browser here; without the network flags Chromium hangs on this closed network.
 *
 * `CHROMIUM_PATH` is the whole browser, the one visitors run: the benchmarks (Lighthouse, long tasks)
 * measure pages in it. `TEST_CHROMIUM_PATH` is what the browser tests and `site review` drive: Debian's
 * `chromium-headless-shell` when it is installed, the same Blink and V8 release without the browser's
 * own window, toolbar and omnibox (what Playwright itself uses for headless tests). The whole browser
 * paints its toolbar and loads its omnibox popup for every new context, which is one per test: on this
 * 2-core machine the shell runs the browser suite in 2.6 min against 3.2 min (docs/testing.md).
 * Without the shell the tests run in the whole browser. `CHROMIUM_PATH` set in the environment
 * chooses the browser for both.
 *
 * `ModuleMapDoNotCacheFailedFetch` off: the browser keeps a module whose fetch failed, as Chromium up
 * to 150 and older Firefox and Safari do (the HTML standard until whatwg/html#10327), so the suite
 * holds the site to the strictest behaviour visitors' browsers still have (lib/retrying-import.ts).
 * The `WebUIOmnibox…` features off: the whole browser then does not load its omnibox popup (a page of
 * its own in a renderer of its own) for every new window; nothing a page does depends on it, and
 * without it the whole browser needs 40 % less CPU per test.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH)

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=ModuleMapDoNotCacheFailedFetch,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
]
