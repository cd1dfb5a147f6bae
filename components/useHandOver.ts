import { useLayoutEffect, useRef } from 'react'

/**
 * What a native disclosure (`<details>`, before the header hydrates) hands the button that replaces it:
 * whether it had the focus and whether it was open. The swap removes the element a visitor may be on;
 * without this the focus would fall to `<body>` and an open menu would shut. Read while rendering the
 * swap, when the `<details>` is still in the page; given to `take` once the button is there.
 */
export function useHandOver(hydrated: boolean, take: (focused: boolean, open: boolean) => void) {
  const native = useRef<HTMLDetailsElement>(null)
  const left = useRef<{ focused: boolean; open: boolean } | null>(null)
  const element = native.current
  if (hydrated && element && !left.current)
    left.current = { focused: element.contains(document.activeElement), open: element.open }
  const takeRef = useRef(take)
  takeRef.current = take
  useLayoutEffect(() => {
    const state = left.current
    if (hydrated && state && (state.focused || state.open)) takeRef.current(state.focused, state.open)
  }, [hydrated])
  return native
}
