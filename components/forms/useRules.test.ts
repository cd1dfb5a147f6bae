// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { errorsOf, useRules } from './useRules.ts'

const check = (v: { name: string }) =>
  v.name ? { ok: true as const, value: v } : { ok: false as const, errors: { name: 'Name is required' } }

describe('useRules', () => {
  it('has no rules until loaded, then checks with them', async () => {
    const { result } = renderHook(() => useRules(async () => check), undefined)
    expect(result.current.validate).toBeUndefined()
    await acting(() => result.current.load())
    expect(result.current.validate?.({ name: '' })).toEqual({
      ok: false,
      errors: { name: 'Name is required' },
    })
  })

  it('rejects when the rules cannot be fetched, and fetches again on the next call', async () => {
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(check)
    const { result } = renderHook(() => useRules(loader), undefined)
    await expect(result.current.load()).rejects.toThrow('offline')
    expect(result.current.validate).toBeUndefined()
    await acting(() => result.current.load())
    expect(loader).toHaveBeenCalledTimes(2)
    expect(result.current.validate).toBe(check)
  })

  it('errorsOf gives the messages of an invalid result, none for a valid one', () => {
    expect(errorsOf(check({ name: '' }))).toEqual({ name: 'Name is required' })
    expect(errorsOf(check({ name: 'A' }))).toEqual({})
  })
})
