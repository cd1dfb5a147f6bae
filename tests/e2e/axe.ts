import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

/** The bar every page is held to: each WCAG 2.0, 2.1 and 2.2 rule at levels A and AA that axe-core knows. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** axe-core's minified build, put into the page once (by the DevTools protocol, so the site's CSP does not apply). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core's WCAG A and AA violations on the page as it stands, one line each: the rule, what it asks,
 * and the elements that fail it (`color-contrast (Elements must meet minimum color contrast ratio
 * thresholds): .hero p`), so a failed `toEqual([])` reads as what to fix.
 *
 * axe-core is run in the page directly rather than through @axe-core/playwright: its builder sends the
 * unminified axe-core (1.3 MB) into the page twice for every scan and finishes each scan in a new blank
 * page, which it needs only for cross-origin frames, and this site has none. A scan cost 1.1 s of CPU
 * through the builder and about 0.5 s here (docs/testing.md, "The browser").
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_AA }, resultTypes: ['violations'] }
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, o: RunOptions): Promise<AxeResults> }
    }
    const { violations } = await axe.run(document, options)
    return violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }, options)
}
