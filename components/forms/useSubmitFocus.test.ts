// @vitest-environment happy-dom
import { createElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useSubmitFocus } from './useSubmitFocus.ts'

function render(focusField = vi.fn()) {
  const view = renderHook(
    ({ submitting }: { submitting: boolean }) => useSubmitFocus<'name'>(submitting, focusField),
    { submitting: false },
    (r) => [
      createElement('h2', { key: 'h', ref: r.titleRef, tabIndex: -1 }, 'Title'),
      createElement('form', { key: 'f', ref: r.formRef, tabIndex: -1, 'aria-label': 'Form' }),
      createElement('button', { key: 'b', ref: r.submitRef, type: 'submit' }, 'Submit'),
    ],
  )
  return { ...view, focusField }
}

describe('useSubmitFocus', () => {
  it('holds focus on the title while sending, then moves it where the outcome points', async () => {
    const view = render()
    view.rerender({ submitting: true })
    expect(document.activeElement?.textContent).toBe('Title')
    view.result.current.after({ kind: 'submit' })
    view.rerender({ submitting: false })
    expect(document.activeElement?.textContent).toBe('Submit')
    view.rerender({ submitting: true })
    view.result.current.after({ kind: 'form' })
    view.rerender({ submitting: false })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Form')
  })

  it('sends focus to the field the server named; with no target it leaves focus alone', async () => {
    const view = render()
    view.rerender({ submitting: true })
    view.result.current.after({ kind: 'field', name: 'name' })
    view.rerender({ submitting: false })
    expect(view.focusField).toHaveBeenCalledWith('name')
    await acting(() => (document.activeElement as HTMLElement | null)?.blur())
    view.rerender({ submitting: true })
    view.rerender({ submitting: false })
    expect(view.focusField).toHaveBeenCalledTimes(1)
  })
})
