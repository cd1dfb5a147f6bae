import { describe, expect, it } from 'vitest'
import { EXACT_TITLE_FILTER, type PagefindSearch, plainWords, searchExactFirst } from './search-order.ts'

/**
 * A stand-in for Pagefind over some titles: a term search returns every title containing the query's
 * words, longest title first (as Pagefind's prefix matching can), and a filter search the titles whose
 * plain words equal the filter's value. It records what it was asked.
 */
function fakePagefind(titles: string[]) {
  const asked: unknown[] = []
  const pagefind: PagefindSearch<{ id: string }> = {
    async search(term, options) {
      asked.push(options ? { filters: options.filters } : term)
      if (term === null) {
        const wanted = options?.filters?.[EXACT_TITLE_FILTER]
        return { results: titles.filter((t) => plainWords(t) === wanted).map((id) => ({ id })) }
      }
      const words = plainWords(term).split(' ')
      const found = titles.filter((t) => words.every((w) => plainWords(t).includes(w)))
      return { results: found.sort((a, b) => b.length - a.length).map((id) => ({ id })) }
    },
  }
  return { pagefind, asked }
}

const ids = (results: { id: string }[]) => results.map((r) => r.id)

describe('searchExactFirst', () => {
  it('puts the page titled exactly as the query first, however far down the ranking had it', async () => {
    const titles = ['SZephyr 1', ...Array.from({ length: 40 }, (_, i) => `SZephyr 1${i}`)]
    const { pagefind } = fakePagefind(titles)
    const found = ids(await searchExactFirst(pagefind, 'SZephyr 1'))
    expect(found[0]).toBe('SZephyr 1')
    // Every result once, the rest in the ranking's order.
    expect(found).toHaveLength(titles.length)
    expect(new Set(found).size).toBe(titles.length)
    expect(found.slice(1)).toEqual(
      ids((await pagefind.search('SZephyr 1'))?.results ?? []).filter((t) => t !== 'SZephyr 1'),
    )
  })

  it('asks for the title in plain words: case, accents and spacing aside', async () => {
    const { pagefind, asked } = fakePagefind(['Café Panel Pro', 'Café Panel'])
    expect(ids(await searchExactFirst(pagefind, '  cafe   PANEL '))[0]).toBe('Café Panel')
    expect(asked).toContainEqual({ filters: { [EXACT_TITLE_FILTER]: 'cafe panel' } })
  })

  it('keeps the ranking when no title is the query, and asks no filter for an empty query', async () => {
    const { pagefind, asked } = fakePagefind(['Rugged Switch 11', 'Rugged Switch 12'])
    expect(ids(await searchExactFirst(pagefind, 'Rugged Switch'))).toEqual([
      'Rugged Switch 11',
      'Rugged Switch 12',
    ])
    asked.length = 0
    await searchExactFirst(pagefind, '   ')
    expect(asked).toEqual(['   '])
  })

  it('makes no ranked search when the pages titled exactly as the query are enough', async () => {
    const titles = ['SZephyr 1', 'SZephyr 11', 'SZephyr 12', 'Rugged Switch 11', 'Rugged Switch 12']
    const { pagefind, asked } = fakePagefind(titles)
    for (const query of ['SZephyr 1', 'szephyr 11', 'Rugged Switch', 'Nothing like it', ' ']) {
      const all = ids(await searchExactFirst(pagefind, query))
      asked.length = 0
      const first = ids(await searchExactFirst(pagefind, query, 1))
      // The same leading result as the dialog's whole list, whichever way it was found.
      expect(first.slice(0, 1)).toEqual(all.slice(0, 1))
      const exact = titles.some((t) => plainWords(t) === plainWords(query))
      expect(asked.includes(query)).toBe(!exact)
    }
    // Two asked for, one titled exactly: the ranked search fills the rest, in the dialog's order.
    expect(ids(await searchExactFirst(pagefind, 'SZephyr 1', 2))).toEqual(
      ids(await searchExactFirst(pagefind, 'SZephyr 1')),
    )
  })

  it('compares plain words', () => {
    expect(plainWords(' Ünïcode\tSwitch ')).toBe('unicode switch')
  })
})
