import type { Page } from '@playwright/test'

/**
 * Waits for hydration. Pages load their scripts only after the first paint (docs/decisions.md,
 * paint-first loader), so a click sent right after `goto` can reach the server-rendered HTML before
 * React has attached its handlers. Hydration ends by pushing the first page view (DECISIONS.md,
 * Analytics), which is what this waits for.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'page_view'),
  )
}
