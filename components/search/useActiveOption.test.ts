// @vitest-environment happy-dom
import type { KeyboardEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useActiveOption } from './useActiveOption.ts'

const press = (key: string) =>
  ({ key, preventDefault: vi.fn() }) as unknown as KeyboardEvent & {
    preventDefault: ReturnType<typeof vi.fn>
  }

describe('useActiveOption', () => {
  it('moves down and up through the options, wrapping round, and Enter goes to the chosen one', async () => {
    const go = vi.fn()
    const list = ['a', 'b', 'c']
    const { result } = renderHook(() => useActiveOption(list, list.length, go), undefined)
    expect(result.current.active).toBe(0)
    await acting(() => result.current.onKeyDown(press('ArrowUp')))
    expect(result.current.active).toBe(2)
    await acting(() => result.current.onKeyDown(press('ArrowDown')))
    expect(result.current.active).toBe(0)
    await acting(() => result.current.onKeyDown(press('ArrowDown')))
    const enter = press('Enter')
    await acting(() => result.current.onKeyDown(enter))
    expect(go).toHaveBeenCalledWith(1)
    expect(enter.preventDefault).toHaveBeenCalled()
  })

  it('leaves other keys, and every key while there are no options, to the field', async () => {
    const go = vi.fn()
    const { result } = renderHook(() => useActiveOption(null, 0, go), undefined)
    for (const key of ['ArrowDown', 'Enter', 'Escape', 'a']) {
      const event = press(key)
      await acting(() => result.current.onKeyDown(event))
      expect(event.preventDefault, key).not.toHaveBeenCalled()
    }
    expect(go).not.toHaveBeenCalled()
  })

  it('starts a new list at its first option; the pointer can choose one too', async () => {
    const first = ['a', 'b', 'c']
    const { result, rerender } = renderHook(
      ({ list }: { list: string[] }) => useActiveOption(list, list.length, () => {}),
      { list: first },
    )
    await acting(() => result.current.setActive(2))
    expect(result.current.active).toBe(2)
    rerender({ list: first })
    expect(result.current.active).toBe(2)
    rerender({ list: ['x', 'y'] })
    expect(result.current.active).toBe(0)
  })
})
