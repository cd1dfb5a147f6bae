import { useEffect, useRef, useState } from 'react'

/** A step of the product navigator: its label and the id of the section it scrolls to. */
export interface Step {
  label: string
  key: string
}

/** ../shared/spec/site-spec.md §9: the current step is re-evaluated after a 50 ms scroll pause. */
export const SCROLL_PAUSE = 50

/** A length of computed style in pixels; `auto` and nothing are 0. */
const pixels = (value: string) => Number.parseFloat(value) || 0

/** The page's scroll padding at the top, in pixels. */
const scrollPaddingTop = () => pixels(getComputedStyle(document.documentElement).scrollPaddingTop)

/**
 * How far the page must scroll down (negative: up) to bring a section to the line where it rests: the
 * page's scroll padding (`padding`: what the sticky bars cover, pages/global.css) and the section's
 * scroll margin.
 */
function offset(el: HTMLElement, padding = scrollPaddingTop()): number {
  return el.getBoundingClientRect().top - padding - pixels(getComputedStyle(el).scrollMarginTop)
}

/** The section whose top is nearest the line where a scrolled-to section comes to rest. */
export function nearest(steps: readonly Step[]): number {
  // Read once for every section: the same for all of them.
  const padding = scrollPaddingTop()
  let best = 0
  let distance = Number.POSITIVE_INFINITY
  steps.forEach((s, i) => {
    const el = document.getElementById(s.key)
    if (!el) return
    const d = Math.abs(offset(el, padding))
    if (d < distance) {
      distance = d
      best = i
    }
  })
  return best
}

/**
 * The current step: the section nearest the resting line once scrolling pauses, or the step the visitor
 * chose, from the click until the scroll it starts has ended. `choose(i)` scrolls to step i's section
 * (smoothly, unless reduced motion is asked for) and returns it, or null when the page lacks it.
 */
export function useCurrentStep(steps: readonly Step[]) {
  const [current, setCurrent] = useState(0)
  // After a click the scroll it starts must not move the current step elsewhere: where that scroll
  // comes to rest, or null when no click's scroll is under way.
  const pinned = useRef<number | null>(null)

  useEffect(() => {
    let timer = 0
    // Where `scrollend` exists the pin holds until the click's smooth scroll has really finished (a
    // slow frame mid-scroll can exceed the 50 ms pause); elsewhere the first pause releases it.
    const hasScrollEnd = 'onscrollend' in window
    /** Ends a click's pin; false when there was none. */
    const release = () => {
      if (pinned.current === null) return false
      // Stopped short of the click's rest (the visitor scrolled on their own): the section nearest
      // the line is current after all.
      const interrupted = Math.abs(scrollY - pinned.current) >= 1
      pinned.current = null
      if (interrupted) setCurrent(nearest(steps))
      return true
    }
    const settle = () => {
      if (pinned.current === null) setCurrent(nearest(steps))
      else if (!hasScrollEnd) release()
    }
    const onScroll = () => {
      clearTimeout(timer)
      timer = window.setTimeout(settle, SCROLL_PAUSE)
    }
    // The browser's word that the scroll is over: the step matches where the page rests at once,
    // without waiting for the pause (on a busy page the last scroll event can come before the last move).
    const onScrollEnd = () => {
      clearTimeout(timer)
      if (!release()) setCurrent(nearest(steps))
    }
    settle()
    addEventListener('scroll', onScroll, { passive: true })
    addEventListener('scrollend', onScrollEnd)
    return () => {
      clearTimeout(timer)
      removeEventListener('scroll', onScroll)
      removeEventListener('scrollend', onScrollEnd)
    }
  }, [steps])

  const choose = (i: number): HTMLElement | null => {
    const el = document.getElementById(steps[i]?.key ?? '')
    if (!el) return null
    setCurrent(i)
    // Pinned only when a scroll will come to release it: a section already at rest, or one the page
    // cannot scroll any further towards, gets none. (A timer guessing this could, on a busy page,
    // release a later click's pin before its scroll began.)
    const end = document.documentElement.scrollHeight - innerHeight
    const rest = Math.min(Math.max(scrollY + offset(el), 0), end)
    pinned.current = Math.abs(rest - scrollY) >= 1 ? rest : null
    el.scrollIntoView({
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    })
    return el
  }

  return { current, choose }
}
