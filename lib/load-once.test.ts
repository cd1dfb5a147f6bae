import { describe, expect, it } from 'vitest'
import { loadOnce } from './load-once.ts'

describe('loadOnce', () => {
  it('loads nothing until first called, then shares one load between callers', async () => {
    let loads = 0
    const load = loadOnce(async () => {
      loads += 1
      return { value: loads }
    })
    expect(loads).toBe(0)
    const [first, second] = await Promise.all([load(), load()])
    expect(loads).toBe(1)
    expect(first).toBe(second)
    expect(await load()).toBe(first)
    expect(loads).toBe(1)
  })

  it('forgets a failed load, so the next call tries again', async () => {
    let loads = 0
    const load = loadOnce(async () => {
      loads += 1
      if (loads === 1) throw new Error('offline')
      return 'module'
    })
    await expect(load()).rejects.toThrow('offline')
    expect(await load()).toBe('module')
    expect(await load()).toBe('module')
    expect(loads).toBe(2)
  })
})
