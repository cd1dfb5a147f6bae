// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { TOGGLE_BAND, useFooterShown, useReached, useToggleShown } from './useToggleShown.ts'

/** A stand-in IntersectionObserver: the test says what crosses, as the browser would. */
class FakeObserver {
  static all: FakeObserver[] = []
  observed: Element[] = []
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this)
  }
  observe(el: Element) {
    this.observed.push(el)
  }
  disconnect() {
    this.observed = []
  }
  report(entry: Partial<IntersectionObserverEntry>) {
    this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver)
  }
}

const real = globalThis.IntersectionObserver
beforeEach(() => {
  FakeObserver.all = []
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver
  document.body.innerHTML = '<section id="features"></section><footer></footer>'
})
afterEach(() => {
  globalThis.IntersectionObserver = real
})

const observerOf = (el: Element | null) => FakeObserver.all.find((o) => el && o.observed.includes(el))

describe('useReached', () => {
  it("watches the section against a root that reaches far above the screen and ends above the toggle's band", () => {
    renderHook(() => useReached('features'), undefined)
    const io = observerOf(document.getElementById('features'))
    // Far above: a section scrolled past in one jump still intersects, so the jump changes the answer.
    expect(io?.options.rootMargin).toBe(`1000000px 0px -${TOGGLE_BAND}px 0px`)
  })

  it('is reached while the section intersects that root, and not once it leaves it (below the band)', async () => {
    const { result } = renderHook(() => useReached('features'), undefined)
    expect(result.current).toBe(false)
    const io = observerOf(document.getElementById('features'))
    await acting(() => io?.report({ isIntersecting: true }))
    expect(result.current).toBe(true)
    await acting(() => io?.report({ isIntersecting: false }))
    expect(result.current).toBe(false)
  })

  it('watches nothing when the page has no such section', () => {
    const { result } = renderHook(() => useReached('nope'), undefined)
    expect(FakeObserver.all).toEqual([])
    expect(result.current).toBe(false)
  })

  it('stops watching when it unmounts', () => {
    const { unmount } = renderHook(() => useReached('features'), undefined)
    const io = observerOf(document.getElementById('features'))
    unmount()
    expect(io?.observed).toEqual([])
  })
})

describe('useFooterShown', () => {
  it('is shown while a tenth of the footer or more is on screen', async () => {
    const { result } = renderHook(() => useFooterShown(), undefined)
    const io = observerOf(document.querySelector('footer'))
    expect(io?.options.threshold).toBe(0.1)
    await acting(() => io?.report({ isIntersecting: true, intersectionRatio: 0.1 }))
    expect(result.current).toBe(true)
    await acting(() => io?.report({ isIntersecting: true, intersectionRatio: 0.05 }))
    expect(result.current).toBe(false)
  })
})

describe('useToggleShown', () => {
  it('shows the toggle once the first section is reached, except while the footer shows', async () => {
    const { result } = renderHook(() => useToggleShown('features'), undefined)
    const section = observerOf(document.getElementById('features'))
    const footer = observerOf(document.querySelector('footer'))
    expect(result.current).toBe(false)
    await acting(() => section?.report({ isIntersecting: true }))
    expect(result.current).toBe(true)
    await acting(() => footer?.report({ isIntersecting: true, intersectionRatio: 0.5 }))
    expect(result.current).toBe(false)
    await acting(() => footer?.report({ isIntersecting: false, intersectionRatio: 0 }))
    await acting(() => section?.report({ isIntersecting: false }))
    expect(result.current).toBe(false)
  })
})
