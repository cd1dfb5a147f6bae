// @vitest-environment happy-dom
import { createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { CLOSE_MS, useRail } from './useRail.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** The rail's toggle and, while not closed, the rail with its Cancel button. */
function render() {
  return renderHook(useRail, undefined, (r) => [
    createElement(
      'button',
      { key: 't', ref: r.toggleRef, type: 'button', 'data-testid': 'toggle' },
      'toggle',
    ),
    r.rail !== 'closed' &&
      createElement(
        'nav',
        { key: 'r', ref: r.railRef },
        createElement('button', { type: 'button' }, 'Cancel'),
      ),
  ])
}

const key = (name: string) => {
  const event = { key: name, stopPropagation: vi.fn() }
  return event as unknown as import('react').KeyboardEvent & { stopPropagation: ReturnType<typeof vi.fn> }
}

describe('useRail', () => {
  it('opens with focus on its first control, closes over 300 ms, then gives focus back to the toggle', async () => {
    const { result, container } = render()
    expect(result.current.rail).toBe('closed')
    await acting(() => result.current.toggle())
    expect(result.current.rail).toBe('open')
    expect(document.activeElement?.textContent).toBe('Cancel')
    await acting(() => result.current.close())
    expect(result.current.rail).toBe('closing')
    await acting(() => vi.advanceTimersByTime(CLOSE_MS - 1))
    expect(result.current.rail).toBe('closing')
    await acting(() => vi.advanceTimersByTime(1))
    expect(result.current.rail).toBe('closed')
    expect(document.activeElement).toBe(container.querySelector('[data-testid="toggle"]'))
  })

  it('closes on Escape only while open, and keeps the key from closing anything around it', async () => {
    const { result } = render()
    const early = key('Escape')
    await acting(() => result.current.onKeyDown(early))
    expect(early.stopPropagation).not.toHaveBeenCalled()
    await acting(() => result.current.toggle())
    const other = key('Enter')
    await acting(() => result.current.onKeyDown(other))
    expect(result.current.rail).toBe('open')
    const esc = key('Escape')
    await acting(() => result.current.onKeyDown(esc))
    expect(esc.stopPropagation).toHaveBeenCalled()
    expect(result.current.rail).toBe('closing')
  })

  it('closing while closed or closing changes nothing; the toggle closes an open rail', async () => {
    const { result } = render()
    await acting(() => result.current.close())
    expect(result.current.rail).toBe('closed')
    await acting(() => result.current.toggle())
    await acting(() => result.current.toggle())
    expect(result.current.rail).toBe('closing')
    await acting(() => result.current.close())
    expect(result.current.rail).toBe('closing')
  })
})
