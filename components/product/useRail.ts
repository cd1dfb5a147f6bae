import { type KeyboardEvent, useEffect, useRef, useState } from 'react'

/** The floating rail's life: it stays on screen while `closing` so it can animate out. */
export type Rail = 'closed' | 'open' | 'closing'

/** ../shared/spec/site-spec.md §9: the rail closes in 300 ms. */
export const CLOSE_MS = 300

/**
 * The mobile stepper's rail: open, closing (for 300 ms, while it animates out) or closed. Opening puts
 * focus on its first control (Cancel); once closed, focus returns to the toggle. Escape inside the open
 * rail closes it.
 */
export function useRail() {
  const [rail, setRail] = useState<Rail>('closed')
  const toggleRef = useRef<HTMLButtonElement>(null)
  const railRef = useRef<HTMLElement>(null)

  useEffect(() => {
    if (rail === 'open') railRef.current?.querySelector('button')?.focus()
    if (rail !== 'closing') return
    const t = setTimeout(() => {
      setRail('closed')
      toggleRef.current?.focus()
    }, CLOSE_MS)
    return () => clearTimeout(t)
  }, [rail])

  const close = () => setRail((r) => (r === 'open' ? 'closing' : r))
  const toggle = () => setRail((r) => (r === 'open' ? 'closing' : 'open'))
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && rail === 'open') {
      e.stopPropagation()
      close()
    }
  }

  return { rail, close, toggle, onKeyDown, toggleRef, railRef }
}
