// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { type SubmissionSteps, type SubmitOutcome, useSubmission } from './useSubmission.ts'

type F = 'name' | 'email'
type V = Record<F, string>
const valid = (v: V) =>
  v.name && v.email
    ? { ok: true as const, value: { ...v, clean: true } }
    : {
        ok: false as const,
        errors: {
          ...(v.email ? {} : { email: 'Email is required' }),
          ...(v.name ? {} : { name: 'Name is required' }),
        },
      }

function steps(over: Partial<SubmissionSteps<F, V, V & { clean: boolean }>> = {}) {
  return {
    fields: ['name', 'email'] as const,
    rules: vi.fn(async () => valid),
    values: vi.fn(() => ({ name: 'Asha', email: 'asha@example.com' })),
    send: vi.fn(async (): Promise<SubmitOutcome<F>> => ({ ok: true })),
    touchAll: vi.fn(),
    focusInvalid: vi.fn(),
    started: vi.fn(),
    ended: vi.fn(),
    onFailure: vi.fn(),
    onSuccess: vi.fn(),
    ...over,
  }
}

describe('useSubmission', () => {
  it('touches every field, sends the cleaned payload while submitting, then ends in success', async () => {
    let release: (o: SubmitOutcome<F>) => void = () => {}
    const s = steps({
      send: vi.fn(
        () =>
          new Promise<SubmitOutcome<F>>((r) => {
            release = r
          }),
      ),
    })
    const { result } = renderHook(useSubmission<F, V, V & { clean: boolean }>, s)
    let done: Promise<void> = Promise.resolve()
    await acting(() => {
      done = result.current.submit()
    })
    expect(s.touchAll).toHaveBeenCalled()
    expect(s.send).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com', clean: true })
    expect(s.started).toHaveBeenCalled()
    expect(result.current.submitting).toBe(true)
    await acting(async () => {
      release({ ok: true })
      await done
    })
    expect(result.current.submitting).toBe(false)
    expect(s.ended).toHaveBeenCalledWith({ ok: true })
    expect(s.onSuccess).toHaveBeenCalled()
    expect(s.onFailure).not.toHaveBeenCalled()
  })

  it('sends nothing while a rule fails and focuses the first invalid field in the form order', async () => {
    const s = steps({ values: vi.fn(() => ({ name: '', email: '' })) })
    const { result } = renderHook(useSubmission<F, V, V & { clean: boolean }>, s)
    await acting(() => result.current.submit())
    expect(s.send).not.toHaveBeenCalled()
    expect(s.focusInvalid).toHaveBeenCalledWith('name')
    expect(s.onFailure).not.toHaveBeenCalled()
  })

  it('when the rules cannot be fetched, sends nothing and fails; the next submit tries again', async () => {
    const s = steps({ rules: vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(valid) })
    const { result } = renderHook(useSubmission<F, V, V & { clean: boolean }>, s)
    await acting(() => result.current.submit())
    expect(s.send).not.toHaveBeenCalled()
    expect(s.onFailure).toHaveBeenCalledTimes(1)
    await acting(() => result.current.submit())
    expect(s.send).toHaveBeenCalledTimes(1)
  })

  it("a refusal keeps only the server's messages for this form's fields; a thrown send is a failure", async () => {
    const s = steps({
      send: vi.fn(async () => ({
        ok: false as const,
        fieldErrors: { email: 'Refused', other: 'x' } as never,
      })),
    })
    const { result } = renderHook(useSubmission<F, V, V & { clean: boolean }>, s)
    await acting(() => result.current.submit())
    expect(s.ended).toHaveBeenCalledWith({ ok: false, fieldErrors: { email: 'Refused' } })
    expect(s.onFailure).toHaveBeenCalledTimes(1)
    vi.mocked(s.send).mockRejectedValueOnce(new Error('network'))
    await acting(() => result.current.submit())
    expect(s.ended).toHaveBeenLastCalledWith({ ok: false, fieldErrors: {} })
  })

  it('ignores a submit while one is under way', async () => {
    const s = steps({ send: vi.fn(() => new Promise<SubmitOutcome<F>>(() => {})) })
    const { result } = renderHook(useSubmission<F, V, V & { clean: boolean }>, s)
    await acting(() => {
      void result.current.submit()
      void result.current.submit()
    })
    expect(s.send).toHaveBeenCalledTimes(1)
  })
})
