// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { CATALOGUE_STEP, CATEGORY_PREVIEW } from '../../model/compare.ts'
import { acting, renderHook } from '../../tests/render-hook.ts'
import type { FinderState } from './filters.ts'
import { usePaging } from './usePaging.ts'

const ALL: FinderState = { category: null, facts: {} }
const SWITCHES: FinderState = { category: 'industrial-networking', facts: {} }

function render(state: FinderState, carriesAll = false) {
  const view = renderHook(
    ({ state, carriesAll }: { state: FinderState; carriesAll: boolean }) => usePaging(state, carriesAll),
    { state, carriesAll },
  )
  const cap = () => view.result.current[0]
  const more = () => acting(() => view.result.current[1]())
  return { ...view, cap, more }
}

describe('usePaging', () => {
  it('lists everything of a catalogue small enough for one menu, whatever is chosen', () => {
    const view = render(SWITCHES, true)
    expect(view.cap()).toBe(Number.POSITIVE_INFINITY)
    view.rerender({ state: ALL, carriesAll: true })
    expect(view.cap()).toBe(Number.POSITIVE_INFINITY)
  })

  it('in a larger one, lists the first few of each category while none is chosen', () => {
    expect(render(ALL).cap()).toBe(CATEGORY_PREVIEW)
  })

  it('lists a chosen category a step at a time', async () => {
    const view = render(SWITCHES)
    expect(view.cap()).toBe(CATALOGUE_STEP)
    await view.more()
    await view.more()
    expect(view.cap()).toBe(3 * CATALOGUE_STEP)
  })

  it('starts at the first step again when the filters change, and not when the page only renders again', async () => {
    const view = render(SWITCHES)
    await view.more()
    view.rerender({ state: SWITCHES, carriesAll: false })
    expect(view.cap()).toBe(2 * CATALOGUE_STEP)
    // Back, Forward or the form: the same category with other facts is another state.
    view.rerender({ state: { ...SWITCHES, facts: { managed: { on: true } } }, carriesAll: false })
    expect(view.cap()).toBe(CATALOGUE_STEP)
  })
})
