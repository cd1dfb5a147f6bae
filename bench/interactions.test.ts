import { describe, expect, it } from 'vitest'
import { interactionTiming } from './interactions.ts'

describe('interactionTiming', () => {
  it('is zero when no entry of the interaction reached 16 ms', () => {
    expect(interactionTiming([])).toEqual({ duration: 0, inputDelay: 0, processing: 0, presentation: 0 })
  })

  it("takes the longest entry, and of equally long ones the last: a click's handlers, not pointerdown's", () => {
    const timing = interactionTiming([
      [7, 'pointerdown', 100, 104, 106, 80],
      [7, 'pointerup', 140, 150, 151, 40],
      [7, 'click', 110, 121, 151, 80],
    ])
    expect(timing).toEqual({ duration: 80, inputDelay: 11, processing: 30, presentation: 39 })
  })

  it('splits the entry so the three parts add up to its duration', () => {
    const { duration, inputDelay, processing, presentation } = interactionTiming([
      [3, 'keydown', 10.5, 14.25, 30.75, 56],
    ])
    expect(inputDelay + processing + presentation).toBeCloseTo(duration)
    expect(presentation).toBeCloseTo(35.75)
  })
})
