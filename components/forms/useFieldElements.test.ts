// @vitest-environment happy-dom
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useFieldElements } from './useFieldElements.ts'

describe('useFieldElements', () => {
  it('keeps one ref callback per field across renders and focuses a field by name', async () => {
    const view = renderHook(useFieldElements<'name' | 'email'>, undefined, (r) => [
      createElement('input', { key: 'n', ref: r.refFor('name'), 'aria-label': 'Name' }),
      createElement('input', { key: 'e', ref: r.refFor('email'), 'aria-label': 'Email' }),
    ])
    const first = view.result.current.refFor('email')
    view.rerender(undefined)
    expect(view.result.current.refFor('email')).toBe(first)
    await acting(() => view.result.current.focus('email'))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Email')
  })

  it('forgets an element that has gone', async () => {
    const view = renderHook(useFieldElements<'name'>, undefined)
    const ref = view.result.current.refFor('name')
    const input = document.createElement('input')
    document.body.append(input)
    ref(input)
    ref(null)
    await acting(() => view.result.current.focus('name'))
    expect(document.activeElement).not.toBe(input)
  })
})
