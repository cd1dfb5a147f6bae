// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useFormValues } from './useFormValues.ts'

const FIELDS = ['name', 'email'] as const

describe('useFormValues', () => {
  it('starts from the given values, empty elsewhere, with nothing touched', () => {
    const { result } = renderHook(() => useFormValues(FIELDS, { name: 'Asha' }), undefined)
    expect(result.current.values).toEqual({ name: 'Asha', email: '' })
    expect(result.current.touched).toEqual({})
  })

  it("a change sets the value, touches the field and drops the server's message for it only", async () => {
    const { result } = renderHook(() => useFormValues(FIELDS), undefined)
    await acting(() => result.current.setServerErrors({ name: 'Taken', email: 'Refused' }))
    await acting(() => result.current.change('name', 'Asha'))
    expect(result.current.values.name).toBe('Asha')
    expect(result.current.touched).toEqual({ name: true })
    expect(result.current.serverErrors).toEqual({ email: 'Refused' })
  })

  it('setValue sets a value without touching the field; touchAll touches every field', async () => {
    const { result } = renderHook(() => useFormValues(FIELDS), undefined)
    await acting(() => result.current.setValue('email', 'a@b.com'))
    expect(result.current.values.email).toBe('a@b.com')
    expect(result.current.touched).toEqual({})
    await acting(() => result.current.touchAll())
    expect(result.current.touched).toEqual({ name: true, email: true })
  })

  it('reset returns to the start: values, touched fields, server messages and the honeypot', async () => {
    const { result } = renderHook(() => useFormValues(FIELDS, { name: 'Asha' }), undefined)
    await acting(() => {
      result.current.change('name', 'Other')
      result.current.setHoneypot('bot')
      result.current.setServerErrors({ email: 'Refused' })
    })
    await acting(() => result.current.reset())
    expect(result.current.values).toEqual({ name: 'Asha', email: '' })
    expect(result.current.touched).toEqual({})
    expect(result.current.serverErrors).toEqual({})
    expect(result.current.honeypot).toBe('')
  })
})
