import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './after-paint.ts'

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('runs the work in a task of its own after the next frame, never in the current task or the frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const done: string[] = []

    afterNextPaint(() => done.push('work'))
    vi.runAllTimers()
    expect(done).toEqual([])
    expect(frames).toHaveLength(1)

    // A frame's callbacks run before it paints: the work waits for the task after it.
    frames[0]?.(16)
    expect(done).toEqual([])
    vi.runAllTimers()
    expect(done).toEqual(['work'])
  })
})
