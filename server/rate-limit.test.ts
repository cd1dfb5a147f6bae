import { describe, expect, it } from 'vitest'
import { rateLimiter } from './rate-limit.ts'

describe('rate limiter', () => {
  it('allows a burst of the limit, then says how long to wait', () => {
    const limiter = rateLimiter(3)
    const at = 1_000_000
    expect([1, 2, 3].map(() => limiter.take('a', at).allowed)).toEqual([true, true, true])
    expect(limiter.take('a', at)).toEqual({ allowed: false, retryAfterSeconds: 20 })
    expect(limiter.take('b', at).allowed).toBe(true)
  })

  it('refills evenly: one request per 60/limit seconds', () => {
    const limiter = rateLimiter(60)
    for (let i = 0; i < 60; i++) limiter.take('a', 0)
    expect(limiter.take('a', 500)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(limiter.take('a', 1000).allowed).toBe(true)
    expect(limiter.take('a', 1000).allowed).toBe(false)
  })

  it('forgets clients whose allowance is full again', () => {
    const limiter = rateLimiter(10)
    limiter.take('a', 0)
    limiter.take('b', 0)
    limiter.sweep(1000)
    expect(limiter.size).toBe(2)
    limiter.sweep(60_000)
    expect(limiter.size).toBe(0)
  })

  it('refuses a limit that is not a positive whole number, and takes the smallest that is', () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => rateLimiter(bad)).toThrow(new RangeError('perMinute must be a positive integer'))
    const one = rateLimiter(1)
    expect(one.take('a', 0).allowed).toBe(true)
    expect(one.take('a', 0)).toEqual({ allowed: false, retryAfterSeconds: 60 })
  })
})
