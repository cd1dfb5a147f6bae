/**
 * Debian's Chromium, as the browser tests and the Lighthouse benchmark launch it. Playwright cannot
 * download its own browser here; without the network flags Chromium hangs on this closed network.
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
]
