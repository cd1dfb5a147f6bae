import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageLoading, whenArrived } from './page-loading.ts'

/** A stand-in for the two parts of `document` the loading indicator touches. */
function stubDocument(withMain: boolean) {
  const classes = new Set<string>()
  const attributes = new Map<string, string>()
  const main = {
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    removeAttribute: (name: string) => attributes.delete(name),
  }
  vi.stubGlobal('document', {
    documentElement: {
      classList: {
        toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
        add: (name: string) => classes.add(name),
        remove: (name: string) => classes.delete(name),
        contains: (name: string) => classes.has(name),
      },
    },
    getElementById: (id: string) => (withMain && id === 'main' ? main : null),
  })
  return { classes, attributes }
}

// Fake timers in every test: the timer that ends a route change must not outlive the stand-in document.
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('pageLoading', () => {
  it('marks the page loading and the main region busy, then clears both', () => {
    const { classes, attributes } = stubDocument(true)
    pageLoading(true)
    expect(classes.has('page-loading')).toBe(true)
    expect(attributes.get('aria-busy')).toBe('true')
    pageLoading(false)
    expect(classes.has('page-loading')).toBe(false)
    expect(attributes.has('aria-busy')).toBe(false)
  })

  it('keeps smooth scrolling off from the start of a route change until the task that scrolls the new page has run', () => {
    const { classes } = stubDocument(true)
    pageLoading(true)
    expect(classes.has('page-arriving')).toBe(true)
    pageLoading(false)
    // Vike scrolls the new page into place after onPageTransitionEnd, in the same task.
    expect(classes.has('page-arriving')).toBe(true)
    vi.runAllTimers()
    expect([...classes]).toEqual([])
  })

  it('holds what waits for the new page until it is in place, and runs it at once otherwise', () => {
    stubDocument(true)
    const ran: string[] = []
    whenArrived(() => ran.push('loaded page'))
    expect(ran).toEqual(['loaded page'])
    pageLoading(true)
    whenArrived(() => ran.push('new page'))
    pageLoading(false)
    expect(ran).toEqual(['loaded page'])
    vi.runAllTimers()
    expect(ran).toEqual(['loaded page', 'new page'])
    // Once only.
    pageLoading(true)
    pageLoading(false)
    vi.runAllTimers()
    expect(ran).toEqual(['loaded page', 'new page'])
  })

  it('keeps a route change begun before the last one settled arriving until that one ends too', () => {
    const { classes } = stubDocument(true)
    const ran: string[] = []
    pageLoading(true)
    pageLoading(false)
    // The visitor follows another link before the first page's timer has run.
    pageLoading(true)
    whenArrived(() => ran.push('second page'))
    vi.runAllTimers()
    expect(classes.has('page-arriving')).toBe(true)
    expect(ran).toEqual([])
    pageLoading(false)
    vi.runAllTimers()
    expect(classes.has('page-arriving')).toBe(false)
    expect(ran).toEqual(['second page'])
  })

  it('still shows and hides the bar on a page without a main region', () => {
    const { classes } = stubDocument(false)
    expect(() => pageLoading(true)).not.toThrow()
    expect(classes.has('page-loading')).toBe(true)
    expect(() => pageLoading(false)).not.toThrow()
    expect(classes.has('page-loading')).toBe(false)
  })
})
