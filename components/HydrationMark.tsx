import { useEffect } from 'react'

/**
 * Marks `selector`'s element with `data-hydrated` once the Suspense boundary this sits in has hydrated:
 * its effects run in the commit that hydrates the boundary. A public sign for tests and tools of what
 * React owns (its own marks on elements are private); it renders nothing.
 */
export function HydrationMark({ selector }: { selector: string }) {
  useEffect(() => {
    document.querySelector(selector)?.setAttribute('data-hydrated', '')
  }, [selector])
  return null
}
