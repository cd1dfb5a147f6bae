// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { nearest, SCROLL_PAUSE, useCurrentStep } from './useCurrentStep.ts'

const STEPS = [
  { label: 'Key Features', key: 'features' },
  { label: 'Benefits', key: 'benefits' },
  { label: 'Specifications', key: 'specifications' },
]

/** Where each section's top is on screen, as the browser would measure it; the page's scroll position. */
let tops: Record<string, number>
let scrolled: string[]

beforeEach(() => {
  vi.useFakeTimers()
  document.body.innerHTML = STEPS.map((s) => `<section id="${s.key}"></section>`).join('')
  tops = { features: 0, benefits: 800, specifications: 1600 }
  scrolled = []
  for (const s of STEPS) {
    const el = document.getElementById(s.key) as HTMLElement
    el.getBoundingClientRect = () => ({ top: tops[s.key] ?? 0 }) as DOMRect
    el.scrollIntoView = () => {
      scrolled.push(s.key)
    }
  }
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 })
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 })
})
afterEach(() => {
  vi.useRealTimers()
})

/** The page scrolls by `by` px: every section moves up, and a scroll event fires. */
function scrollBy(by: number) {
  for (const key of Object.keys(tops)) tops[key] = (tops[key] ?? 0) - by
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY + by })
  dispatchEvent(new Event('scroll'))
}

describe('nearest', () => {
  it('is the step whose section top is nearest the resting line', () => {
    tops = { features: -700, benefits: 100, specifications: 900 }
    expect(nearest(STEPS)).toBe(1)
  })

  it('puts the line below what the sticky bars cover (the scroll padding) and the section margin', () => {
    tops = { features: 0, benefits: 500, specifications: 1100 }
    expect(nearest(STEPS)).toBe(0)
    document.documentElement.style.scrollPaddingTop = '300px'
    try {
      expect(nearest(STEPS)).toBe(1)
      ;(document.getElementById('specifications') as HTMLElement).style.scrollMarginTop = '700px'
      expect(nearest(STEPS)).toBe(2)
    } finally {
      document.documentElement.style.scrollPaddingTop = ''
    }
  })
})

describe('useCurrentStep', () => {
  it('starts at the section nearest the line, and follows the scroll after a 50 ms pause', async () => {
    const { result } = renderHook(() => useCurrentStep(STEPS), undefined)
    expect(result.current.current).toBe(0)
    await acting(() => scrollBy(780))
    await acting(() => vi.advanceTimersByTime(SCROLL_PAUSE - 1))
    expect(result.current.current).toBe(0)
    await acting(() => vi.advanceTimersByTime(1))
    expect(result.current.current).toBe(1)
  })

  it('makes a chosen step current at once and keeps it while the scroll it started passes other sections', async () => {
    const { result } = renderHook(() => useCurrentStep(STEPS), undefined)
    let el: HTMLElement | null = null
    await acting(() => {
      el = result.current.choose(2)
    })
    expect(el).toBe(document.getElementById('specifications'))
    expect(scrolled).toEqual(['specifications'])
    expect(result.current.current).toBe(2)
    // Mid-way, paused over Benefits: still the chosen step until the scroll ends.
    await acting(() => scrollBy(800))
    await acting(() => vi.advanceTimersByTime(SCROLL_PAUSE))
    expect(result.current.current).toBe(2)
    await acting(() => scrollBy(800))
    await acting(() => dispatchEvent(new Event('scrollend')))
    expect(result.current.current).toBe(2)
  })

  it('gives the step back to the scroll position when the visitor stops the scroll short of the chosen section', async () => {
    const { result } = renderHook(() => useCurrentStep(STEPS), undefined)
    await acting(() => result.current.choose(2))
    await acting(() => scrollBy(800))
    await acting(() => dispatchEvent(new Event('scrollend')))
    expect(result.current.current).toBe(1)
  })

  it('at scrollend the section where the page rests is current at once, whatever the scroll events said', async () => {
    const { result } = renderHook(() => useCurrentStep(STEPS), undefined)
    // A scroll event over Specifications, then a last move back to Benefits that no scroll event reported.
    await acting(() => scrollBy(1600))
    for (const key of Object.keys(tops)) tops[key] = (tops[key] ?? 0) + 800
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 800 })
    await acting(() => dispatchEvent(new Event('scrollend')))
    expect(result.current.current).toBe(1)
    // The pause's timer was cleared with it: nothing re-evaluates later from a stale event.
    await acting(() => vi.advanceTimersByTime(SCROLL_PAUSE))
    expect(result.current.current).toBe(1)
  })

  it('pins nothing when the chosen section is already where it would rest', async () => {
    const { result } = renderHook(() => useCurrentStep(STEPS), undefined)
    await acting(() => result.current.choose(0))
    expect(result.current.current).toBe(0)
    // No scroll follows; a later scroll to Benefits moves the step after the pause as usual.
    await acting(() => scrollBy(800))
    await acting(() => vi.advanceTimersByTime(SCROLL_PAUSE))
    expect(result.current.current).toBe(1)
  })

  it('returns null and changes nothing for a step whose section is missing', async () => {
    const { result } = renderHook(() => useCurrentStep([...STEPS, { label: 'Gone', key: 'gone' }]), undefined)
    let el: HTMLElement | null = document.body
    await acting(() => {
      el = result.current.choose(3)
    })
    expect(el).toBeNull()
    expect(result.current.current).toBe(0)
  })
})
