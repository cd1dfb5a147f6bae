import type { Page } from '@playwright/test'

/**
 * Waits for hydration. Pages load their scripts only after the first paint (docs/decisions.md,
 * paint-first loader), so a click sent right after `goto` can reach the server-rendered HTML before
 * React has attached its handlers. The root ends hydration by pushing the first page view (../shared/spec/DECISIONS.md,
 * Analytics), but the header, the page and the footer hydrate in their own Suspense boundaries
 * afterwards (time-sliced), and the sections of a product page each in its own turn after that
 * (components/Staged.tsx): a key press in between reaches no handler. The layout marks each of header,
 * page and footer with `data-hydrated` once its boundary has hydrated (components/HydrationMark.tsx),
 * and each staged section (`data-staged`) marks itself the same way; this waits for every mark, then
 * for one frame.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const viewed = (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'page_view')
    const marked = (el: Element | null) => !el || el.hasAttribute('data-hydrated')
    return (
      viewed &&
      marked(document.querySelector('.shell > header')) &&
      marked(document.querySelector('#main')) &&
      marked(document.querySelector('.shell > footer')) &&
      [...document.querySelectorAll('main [data-staged]')].every(marked)
    )
  })
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))
}
