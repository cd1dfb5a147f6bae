import { describe, expect, it } from 'vitest'
import { exactTitlesFirst, plainWords } from './search-order.ts'

const r = (title: string) => ({ title, url: `/${title}` })

describe('exactTitlesFirst', () => {
  it('puts the result titled exactly as the query first, the rest in their order', () => {
    const results = [r('Rugged Switch 11'), r('Rugged Switch 12'), r('Rugged Switch 1'), r('Rugged Hub')]
    expect(exactTitlesFirst(results, 'Rugged Switch 1').map((x) => x.title)).toEqual([
      'Rugged Switch 1',
      'Rugged Switch 11',
      'Rugged Switch 12',
      'Rugged Hub',
    ])
  })

  it('ignores case, accents and spacing, as the visitor types', () => {
    const results = [r('Café Panel Pro'), r('Café Panel')]
    expect(exactTitlesFirst(results, '  cafe   PANEL ')[0]?.title).toBe('Café Panel')
  })

  it('keeps the order when no title is the query, and never drops or repeats a result', () => {
    const results = [r('Rugged Switch 11'), r('Rugged Switch 12')]
    expect(exactTitlesFirst(results, 'Rugged Switch')).toEqual(results)
    expect(exactTitlesFirst(results, 'Rugged Switch')).not.toBe(results)
    const twice = [r('Hub'), r('Hub Pro'), r('hub')]
    expect(exactTitlesFirst(twice, 'hub').map((x) => x.title)).toEqual(['Hub', 'hub', 'Hub Pro'])
  })

  it('compares plain words', () => {
    expect(plainWords(' Ünïcode\tSwitch ')).toBe('unicode switch')
  })
})
