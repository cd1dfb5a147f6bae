import type { Page } from '@playwright/test'

/**
 * Waits for hydration. Pages load their scripts only after the first paint (docs/decisions.md,
 * paint-first loader), so a click sent right after `goto` can reach the server-rendered HTML before
 * React has attached its handlers. The root ends hydration by pushing the first page view (DECISIONS.md,
 * Analytics), but the header, the page and the footer hydrate in their own Suspense boundaries
 * afterwards (time-sliced), and the sections of a product page each in its own turn after that
 * (components/Staged.tsx): a key press in between reaches no handler. So this also waits until React
 * owns the first element of each boundary and every section, then for one frame, in which their effects
 * have run.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const viewed = (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'page_view')
    const owned = (el: Element | null | undefined) =>
      !el || Object.keys(el).some((key) => key.startsWith('__reactProps'))
    return (
      viewed &&
      owned(document.querySelector('.shell > header')) &&
      owned(document.querySelector('main')?.firstElementChild) &&
      owned(document.querySelector('.shell > footer')) &&
      [...document.querySelectorAll('main section')].every(owned)
    )
  })
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))
}
