/**
 * Browser-only. Lazily loaded modules that failed to load (the visitor was offline for a moment, a
 * request was dropped) load again on the next use.
 *
 * Browsers that follow the HTML standard as it stood until 2026 (Chromium up to 150, older Firefox and
 * Safari) keep a module whose fetch failed in their module map: importing the same URL again fails at
 * once, without a request. A retry therefore needs a URL the page has not asked for yet. Browsers that
 * already fetch again (whatwg/html#10327) take the same path and simply fetch once more.
 *
 * The client build wraps every dynamic `import('./chunk.js')` in a call of this function
 * (`vite/retrying-imports.ts`), so it must be self-contained: the build inlines its source into
 * the chunks, where nothing else from this module exists. What it learns lives on `globalThis`, shared
 * by every chunk, so a module that loaded under a retry URL is the copy every later import gets.
 *
 * @param load the import as written, under the module's own URL
 * @param specifier that import's specifier, relative to `base`
 * @param base the importing chunk's URL (`import.meta.url`)
 */
export function retryingImport(
  load: () => Promise<unknown>,
  specifier: string,
  base: string,
): Promise<unknown> {
  const shared = globalThis as { __siteRetries?: Map<string, Promise<unknown>> }
  shared.__siteRetries ??= new Map()
  const retries = shared.__siteRetries
  const url = new URL(specifier, base).href
  // One retry at a time per module, shared by every caller that failed before it started: two retry
  // URLs would be two copies of the module, each with its own state (two toast stores, one shown).
  const retry = (failed: Promise<unknown> | undefined) => {
    const current = retries.get(url)
    if (current && current !== failed) return current
    const next = import(
      /* @vite-ignore */ `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now().toString(36)}`
    )
    retries.set(url, next)
    return next
  }
  const last = retries.get(url)
  // Once the module has been asked for under a retry URL, that copy is the one in use.
  return last ? last.catch(() => retry(last)) : load().catch(() => retry(undefined))
}
