import { useEffect } from 'react'
import { whenArrived } from '../lib/page-loading.ts'

/**
 * ../shared/spec/site-spec.md §9: the scroll-animation defaults everywhere are offset 120, duration 400 ms, easing
 * ease, throttle 99 ms, debounce 50 ms. The offset is how far (px) above the bottom of the screen an
 * element's top must come before it is revealed; duration and easing are the transition in global.css.
 * Throttle and debounce were AOS's scroll and resize handlers; the IntersectionObserver below has no
 * handlers (the browser reports crossings once per frame), so they have no counterpart here
 * (docs/decisions.md).
 */
const DEFAULT_OFFSET = 120

/**
 * ../shared/spec/site-spec.md §9: the domain pages animate for 800 ms, once, 100 px early. Options for `reveal()`.
 */
export const DOMAIN_AOS = {
  'data-aos-duration': '800',
  'data-aos-once': 'true',
  'data-aos-offset': '100',
} as const

/**
 * The props of an element the scroll animations reveal: its effect and options as AOS markup
 * (`data-aos`, `data-aos-delay`, ...). The script marks such an element (`aos-init`) as soon as it sees
 * it, which on a staged section is before React has hydrated it; `suppressHydrationWarning` tells
 * React that this one difference between the server's HTML and the page is intended (it logged a
 * hydration mismatch for every animated block in `site dev`).
 */
export function reveal(effect: string, options: Readonly<Record<`data-aos-${string}`, string>> = {}) {
  return { 'data-aos': effect, ...options, suppressHydrationWarning: true } as const
}

/**
 * An element has come into view when its top is above the line `offset` px over the bottom of the
 * screen, wherever its bottom is: one scrolled past in a jump counts too. The observer's root is the
 * screen grown upwards by this much and shrunk by `offset` at the bottom, so that "intersecting" means
 * exactly that, and the browser works it out without the page reading any layout.
 */
const ABOVE = 1_000_000

/** The offset an element asks for (`data-aos-offset`), or the default. */
function offsetOf(el: Element): number {
  const n = Number.parseFloat(el.getAttribute('data-aos-offset') ?? '')
  return Number.isFinite(n) ? n : DEFAULT_OFFSET
}

/**
 * Reveals the `data-aos` elements under `root` as they come into view, with the classes global.css
 * styles (`aos-init` hides an element until `aos-animate` joins it), and keeps doing so for elements
 * added later (client-side navigation, once the new page is in place; staged sections). Elements
 * already in view when first seen get both classes at once, so nothing on screen is hidden and faded
 * in again. Without `data-aos-once` an element hides again when the visitor scrolls back up past it,
 * as AOS did. Returns the function that stops it all.
 */
export function startScrollAnimations(root: HTMLElement): () => void {
  const observers = new Map<number, IntersectionObserver>()

  const onCross = (entries: IntersectionObserverEntry[], io: IntersectionObserver) => {
    for (const { target, isIntersecting } of entries) {
      // Not prepared yet: first seen (or its classes were rendered away, which starts it afresh).
      const first = !target.classList.contains('aos-init')
      if (isIntersecting) {
        // Above the line: shown. Both classes come together, so a block already on screen when first
        // seen has no transition to run.
        target.classList.add('aos-init', 'aos-animate')
        if (target.getAttribute('data-aos-once') === 'true') io.unobserve(target)
      } else if (first) target.classList.add('aos-init')
      else if (target.getAttribute('data-aos-once') !== 'true') target.classList.remove('aos-animate')
    }
  }

  const observe = (el: Element) => {
    const offset = offsetOf(el)
    let io = observers.get(offset)
    if (!io) {
      io = new IntersectionObserver(onCross, { rootMargin: `${ABOVE}px 0px ${-offset}px 0px` })
      observers.set(offset, io)
    }
    io.observe(el)
  }
  const within = (node: Node, each: (el: Element) => void) => {
    if (!(node instanceof Element)) return
    if (node.hasAttribute('data-aos')) each(node)
    for (const el of node.querySelectorAll('[data-aos]')) each(el)
  }
  const unobserve = (el: Element) => {
    for (const io of observers.values()) io.unobserve(el)
  }

  within(root, observe)
  let stopped = false
  const mo = new MutationObserver((records) => {
    const added: Node[] = []
    for (const r of records) {
      for (const n of r.removedNodes) within(n, unobserve)
      added.push(...r.addedNodes)
    }
    if (added.length === 0) return
    // A new page's blocks are first seen where it will be shown, not where the old page was scrolled to.
    whenArrived(() => {
      if (!stopped) for (const n of added) if (n.isConnected) within(n, observe)
    })
  })
  mo.observe(root, { childList: true, subtree: true })
  return () => {
    stopped = true
    mo.disconnect()
    for (const io of observers.values()) io.disconnect()
  }
}

/**
 * Starts the scroll animations after hydration, unless the visitor prefers reduced motion. `html.aos-on`
 * is set first, so global.css only ever hides an element this script is about to reveal. Without
 * scripts, or with reduced motion, everything simply shows.
 */
export function useScrollAnimations(): void {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    document.documentElement.classList.add('aos-on')
    return startScrollAnimations(document.body)
  }, [])
}
