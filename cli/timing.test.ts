import { afterEach, describe, expect, it, vi } from 'vitest'
import { bytes, duration, elapsed } from './timing.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('durations and sizes as the build prints them', () => {
  it('counts the milliseconds since the start, rounded', () => {
    vi.spyOn(performance, 'now').mockReturnValue(5000.6)
    expect(elapsed(1200)).toBe(3801)
  })

  it('prints under a second in ms and from a second on in seconds with one decimal', () => {
    expect(duration(0)).toBe('0 ms')
    expect(duration(850)).toBe('850 ms')
    expect(duration(999)).toBe('999 ms')
    expect(duration(1000)).toBe('1.0 s')
    expect(duration(2449)).toBe('2.4 s')
  })

  it('prints bytes, then KB from 1024 and MB from 1024 KB', () => {
    expect(bytes(812)).toBe('812 B')
    expect(bytes(1023)).toBe('1023 B')
    expect(bytes(1024)).toBe('1.0 KB')
    expect(bytes(14_541)).toBe('14.2 KB')
    expect(bytes(1024 * 1024 - 1)).toBe('1024.0 KB')
    expect(bytes(1024 * 1024)).toBe('1.0 MB')
    expect(bytes(3_250_586)).toBe('3.1 MB')
  })
})
