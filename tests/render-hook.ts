import { act, createElement, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

/** React's act() warns unless the environment says it is a test. */
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * Renders `hook` in a component of its own, in a DOM environment (vitest's happy-dom): `result.current`
 * is what the hook returned last. `view`, when given, is what that component renders with the result
 * (elements a hook's refs must point at). Every render and update goes through act(), so effects have
 * run when it returns.
 */
export function renderHook<P, R>(hook: (props: P) => R, props: P, view?: (result: R) => ReactNode) {
  const result = { current: undefined as R }
  function Probe({ props }: { props: P }) {
    result.current = hook(props)
    return view ? view(result.current) : null
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(createElement(Probe, { props })))
  return {
    result,
    container,
    rerender(next: P) {
      act(() => root.render(createElement(Probe, { props: next })))
    },
    unmount() {
      act(() => root.unmount())
      container.remove()
    },
  }
}

/** Runs `work` inside act(), for updates a test causes outside React (events, timers). */
export async function acting(work: () => unknown): Promise<void> {
  await act(async () => {
    await work()
  })
}
