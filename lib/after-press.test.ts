// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPress, watchPresses } from './after-press.ts'

const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel') =>
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
