import { useEffect } from 'react'

/** site-spec.md §9: the scroll-animation defaults everywhere. */
export const AOS_DEFAULTS = {
  offset: 120,
  duration: 400,
  easing: 'ease',
  throttleDelay: 99,
  debounceDelay: 50,
} as const

/**
 * site-spec.md §9: the domain pages animate for 800 ms, once, 100 px early. Spread onto an element
 * together with `data-aos`.
 */
export const DOMAIN_AOS = {
  'data-aos-duration': '800',
  'data-aos-once': 'true',
  'data-aos-offset': '100',
} as const

/**
 * Starts AOS after hydration, unless the visitor prefers reduced motion. The library is loaded on demand
 * (it is not needed to show anything), and `html.aos-on` is set just before AOS prepares the elements,
 * so global.css only ever hides an element that AOS is about to reveal. Without scripts, or with
 * reduced motion, everything simply shows.
 */
export function useScrollAnimations(): void {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let cancelled = false
    import('aos')
      .then(({ default: AOS }) => {
        if (cancelled) return
        document.documentElement.classList.add('aos-on')
        AOS.init({ ...AOS_DEFAULTS })
      })
      .catch(() => {
        // Without the library the page stays fully visible: nothing to do.
      })
    return () => {
      cancelled = true
    }
  }, [])
}
