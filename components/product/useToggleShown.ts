import { useEffect, useState } from 'react'

/** The height above the bottom of the screen the toggle may cover: bottom bar, margin and toggle, rounded up. */
export const TOGGLE_BAND = 160
/** Far enough above the screen to hold any page: a section scrolled past still counts as reached. */
const ABOVE = 1_000_000
/** ../shared/spec/site-spec.md §9: the stepper hides while 10% of the footer shows. */
const FOOTER_SHOWN = 0.1

/**
 * Whether the section `id` has reached the band at the bottom of the screen the floating toggle sits
 * in: its top is above that band, or it was scrolled past. The observer's root reaches far above the
 * screen, so "intersecting" means exactly that, wherever the page jumped from: an instant jump from
 * the hero to a deep section, or back (reduced motion, Back to top, a fragment), changes it as a
 * smooth scroll through it does. (Observing only the screen missed those jumps: the section was out
 * of it before and after.)
 */
export function useReached(id: string | undefined, band = TOGGLE_BAND): boolean {
  const [reached, setReached] = useState(false)
  useEffect(() => {
    const el = id ? document.getElementById(id) : null
    if (!el) return
    const io = new IntersectionObserver(([e]) => setReached(Boolean(e?.isIntersecting)), {
      rootMargin: `${ABOVE}px 0px -${band}px 0px`,
    })
    io.observe(el)
    return () => io.disconnect()
  }, [id, band])
  return reached
}

/** Whether at least a tenth of the page's `<footer>` is on screen. */
export function useFooterShown(): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const footer = document.querySelector('footer')
    if (!footer) return
    const io = new IntersectionObserver(
      ([e]) => setShown(Boolean(e?.isIntersecting && e.intersectionRatio >= FOOTER_SHOWN)),
      { threshold: FOOTER_SHOWN },
    )
    io.observe(footer)
    return () => io.disconnect()
  }, [])
  return shown
}

/**
 * Whether the floating step toggle shows: once the first step's section has reached it, so it never
 * covers the hero's buttons, and not while the footer is in view (../shared/spec/site-spec.md, mobile stepper).
 */
export function useToggleShown(firstId: string | undefined): boolean {
  const reached = useReached(firstId)
  const footerShown = useFooterShown()
  return reached && !footerShown
}
