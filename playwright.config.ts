import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './tests/chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 4319)
/** `site serve`: the one-process server with the intake API and the `_headers` of the build. */
export const SERVE_PORT = Number(process.env.E2E_SERVE_PORT ?? 4320)
export const SERVE_DATA = process.env.E2E_SERVE_DATA ?? '.cache/e2e-data'

/** Debian's Chromium (its headless shell when installed, tests/chromium.ts): Playwright cannot download its own. */
const chromium = { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS }

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three workers on two cores: while one waits on a smooth scroll or a server, the other two use the
  // cores (2.5 min with two workers, 2.3 with three, 2.4 with four; docs/testing.md, "The browser").
  workers: 3,
  retries: 0,
  reporter: [['list']],
  // Bounds, not speeds: CI machines are shared and a page that answers in 1 s on a quiet machine can
  // take ten on a busy one (load 10 on 2 cores). A test waits for what it expects up to these bounds;
  // a failing test only takes longer to report.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: 'off',
  },
  // A test named "@phone …" is about phones: it runs once, as a phone (touch, a mobile viewport, a
  // dense screen), not a second time as a narrow desktop window. Every other test runs on the desktop.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      grepInvert: /@phone/,
      testIgnore: /no-script/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grep: /@phone/,
      testIgnore: /no-script/,
    },
    // The key journeys with scripting off in the browser itself (Playwright's javaScriptEnabled: false
    // still parses <noscript> as if scripts ran), against the real intake server: `site serve`.
    {
      name: 'no-script',
      testMatch: /no-script\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: `http://127.0.0.1:${SERVE_PORT}`,
        launchOptions: { ...chromium, args: [...CHROMIUM_FLAGS, '--blink-settings=scriptEnabled=false'] },
      },
    },
  ],
  webServer: [
    // A plain static host: files, clean URLs and 404.html, nothing else (no _redirects, no API).
    {
      command: `node tests/e2e/static-server.mjs dist/client ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // The real server on a fresh data folder, for end-to-end submissions and the CDN headers.
    {
      command: `rm -rf ${SERVE_DATA} && node bin/site.js serve --port ${SERVE_PORT} --data ${SERVE_DATA} --rate-limit 0`,
      url: `http://127.0.0.1:${SERVE_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})
