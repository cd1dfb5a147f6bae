import { type KeyboardEvent, useState } from 'react'

/**
 * The chosen option of a combobox's list of `count` options, for `aria-activedescendant`: ArrowDown and
 * ArrowUp move it (wrapping round), Enter calls `go` with it. It starts at the first option whenever
 * `list` (the options shown) changes. Other keys are left to the input.
 */
export function useActiveOption(list: unknown, count: number, go: (index: number) => void) {
  const [state, setState] = useState({ list, active: 0 })
  // A new list starts at its first option (state adjusted during render, not in an effect, so the
  // first option is chosen in the same frame the list appears).
  let active = state.active
  if (state.list !== list) {
    active = 0
    setState({ list, active })
  }
  const setActive = (next: number) => setState({ list, active: next })

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && count) setActive((active + 1) % count)
    else if (event.key === 'ArrowUp' && count) setActive((active - 1 + count) % count)
    else if (event.key === 'Enter' && count) go(active)
    else return
    event.preventDefault()
  }

  return { active, setActive, onKeyDown }
}
