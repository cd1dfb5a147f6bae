// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { DEBOUNCE_MS, useSiteSearch } from './useSiteSearch.ts'

const pagefind = vi.hoisted(() => ({
  loadPagefind: vi.fn(async () => ({})),
  loadWords: vi.fn(async () => ['geyser', 'smart']),
  searchSite: vi.fn(async (term: string) => [{ url: `/${term}`, title: term, category: '', excerpt: '' }]),
}))
vi.mock('./pagefind.ts', () => pagefind)

beforeEach(() => {
  vi.useFakeTimers()
  vi.clearAllMocks()
})
afterEach(() => vi.useRealTimers())

describe('useSiteSearch', () => {
  it('starts loading the index at once, before anything is typed', () => {
    renderHook(() => useSiteSearch(''), undefined)
    expect(pagefind.loadPagefind).toHaveBeenCalledTimes(1)
  })

  it('runs the query after a 120 ms pause in typing, and only the last one', async () => {
    const { result, rerender } = renderHook(({ q }: { q: string }) => useSiteSearch(q), { q: 'gey' })
    await acting(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1))
    rerender({ q: 'geyser' })
    await acting(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1))
    expect(pagefind.searchSite).not.toHaveBeenCalled()
    await acting(() => vi.advanceTimersByTimeAsync(1))
    expect(pagefind.searchSite).toHaveBeenCalledWith('geyser')
    expect(result.current.found?.term).toBe('geyser')
    expect(result.current.found?.results.map((r) => r.url)).toEqual(['/geyser'])
  })

  it('offers a spelling correction from the indexed words', async () => {
    const { result } = renderHook(() => useSiteSearch('smart geysr'), undefined)
    await acting(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS))
    expect(result.current.found?.suggestion).toBe('smart geyser')
  })

  it('an emptied field shows no answer; a failed query says search is not available', async () => {
    const { result, rerender } = renderHook(({ q }: { q: string }) => useSiteSearch(q), { q: 'x' })
    await acting(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS))
    expect(result.current.found).not.toBeNull()
    rerender({ q: '  ' })
    expect(result.current.found).toBeNull()
    pagefind.searchSite.mockRejectedValueOnce(new Error('offline'))
    rerender({ q: 'y' })
    await acting(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS))
    expect(result.current.failed).toBe(true)
  })
})
