/**
 * Browser-only. Fetches a lazily loaded module's stylesheet again after it failed. Vite's loader adds the stylesheet
 * as a `<link>` before importing the module, and never adds a link for the same file twice in a page,
 * whether or not the first one loaded: the module would stay unstyled for the rest of the visit. So a
 * stylesheet link that fails is replaced, at the visitor's next key or pointer press (when they ask
 * for that part again), by a new link to the same file; the browser keeps no failed stylesheet.
 */
export function retryFailedStylesheets(doc: Document = document): void {
  const failed = new Set<HTMLLinkElement>()
  const relink = () => {
    for (const link of failed) {
      const fresh = doc.createElement('link')
      fresh.rel = 'stylesheet'
      fresh.href = link.href
      link.replaceWith(fresh)
    }
    failed.clear()
  }
  doc.addEventListener(
    'error',
    (event) => {
      const link = event.target
      if (!(link instanceof HTMLLinkElement) || link.rel !== 'stylesheet') return
      failed.add(link)
      for (const type of ['pointerdown', 'keydown'])
        doc.addEventListener(type, relink, { capture: true, once: true })
    },
    true,
  )
}
