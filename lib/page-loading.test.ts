import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageLoading } from './page-loading.ts'

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
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
    getElementById: (id: string) => (withMain && id === 'main' ? main : null),
  })
  return { classes, attributes }
}

afterEach(() => vi.unstubAllGlobals())

describe('pageLoading', () => {
  it('marks the page loading and the main region busy, then clears both', () => {
    const { classes, attributes } = stubDocument(true)
    pageLoading(true)
    expect([...classes]).toEqual(['page-loading'])
    expect(attributes.get('aria-busy')).toBe('true')
    pageLoading(false)
    expect(classes.size).toBe(0)
    expect(attributes.has('aria-busy')).toBe(false)
  })

  it('still shows and hides the bar on a page without a main region', () => {
    const { classes } = stubDocument(false)
    expect(() => pageLoading(true)).not.toThrow()
    expect(classes.has('page-loading')).toBe(true)
    expect(() => pageLoading(false)).not.toThrow()
    expect(classes.has('page-loading')).toBe(false)
  })
})
