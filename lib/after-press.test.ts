// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPress, watchPresses } from './after-press.ts'

const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel' | 'contextmenu' | 'blur') =>
  window.dispatchEvent(new Event(type, { bubbles: true }))

describe('afterPress', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('with no press under way, runs the work in the next task, not in this one', () => {
    vi.useFakeTimers()
    watchPresses()
    const done: string[] = []
    afterPress(() => done.push('work'))
    expect(done).toEqual([])
    vi.runAllTimers()
    expect(done).toEqual(['work'])
  })

  it("during a press, waits for the pointer's release and then for the task its click comes in", () => {
    vi.useFakeTimers()
    watchPresses()
    const done: string[] = []
    press('pointerdown')
    afterPress(() => done.push('first'))
    afterPress(() => done.push('second'))
    vi.runAllTimers()
    expect(done).toEqual([])

    press('pointerup')
    expect(done).toEqual([])
    vi.runAllTimers()
    expect(done).toEqual(['first', 'second'])
  })

  it('a press whose release the page may never see (a context menu, the window losing focus) ends too', () => {
    vi.useFakeTimers()
    watchPresses()
    const done: string[] = []
    for (const end of ['contextmenu', 'blur'] as const) {
      press('pointerdown')
      afterPress(() => done.push(end))
      press(end)
      vi.runAllTimers()
    }
    expect(done).toEqual(['contextmenu', 'blur'])
  })

  it("the blur of the field the press leaves does not end the press (only the window's own does)", () => {
    vi.useFakeTimers()
    watchPresses()
    const done: string[] = []
    const input = document.createElement('input')
    document.body.append(input)
    press('pointerdown')
    input.dispatchEvent(new FocusEvent('blur'))
    afterPress(() => done.push('work'))
    vi.runAllTimers()
    expect(done).toEqual([])
    press('pointerup')
    vi.runAllTimers()
    expect(done).toEqual(['work'])
    input.remove()
  })

  it('a cancelled press releases its work too, and the next call does not wait for a press', () => {
    vi.useFakeTimers()
    watchPresses()
    const done: string[] = []
    press('pointerdown')
    afterPress(() => done.push('held'))
    press('pointercancel')
    vi.runAllTimers()
    afterPress(() => done.push('after'))
    vi.runAllTimers()
    expect(done).toEqual(['held', 'after'])
  })
})
