/**
 * Debian's Chromium as the browser tests and the benchmarks launch it: the paths and flags live in
 * cli/chromium.ts, which `site review` launches too.
 */
export { CHROMIUM_FLAGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../cli/chromium.ts'
