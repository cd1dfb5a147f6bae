import { describe, expect, it } from 'vitest'
import { editDistance, suggest } from './suggest.ts'

describe('editDistance', () => {
  it.each([
    ['switch', 'switch', 0],
    ['swich', 'switch', 1],
    ['etherent', 'ethernet', 1],
    ['modme', 'modem', 1],
    ['kavach', 'cavash', 2],
    ['', 'abc', 3],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
  })

  it('stops past the limit', () => {
    expect(editDistance('railway', 'satellite', 2)).toBe(3)
  })
})

describe('suggest', () => {
  const words = ['switch', 'ethernet', 'managed', 'modem', 'model', 'fire']
  it('corrects each unknown word to the nearest known one', () => {
    expect(suggest('etherent swich', words)).toBe('ethernet switch')
    expect(suggest('L2 mangaed', words)).toBe('l2 managed')
  })
  it('prefers the more frequent word on a tie', () => {
    expect(suggest('modex', words)).toBe('modem')
  })
  it('suggests nothing when every word is known or one has nothing near it', () => {
    expect(suggest('managed switch', words)).toBeUndefined()
    expect(suggest('swich zzzzzzzz', words)).toBeUndefined()
  })
})
