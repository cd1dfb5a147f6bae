import { useCallback, useEffect, useState } from 'react'
import { compareHref, MAX_COMPARED } from '../../model/compare.ts'

/** Where the products ticked for comparison are kept for the tab's session. */
const KEPT = 'compare-chosen'

/**
 * The products ticked for comparison, in the order they were ticked. They are kept in the tab's
 * sessionStorage, so Back from the comparison and a reload find them ticked again; read once the page
 * has hydrated (the HTML is the same for everyone). Storage that refuses (private modes, quotas) only
 * means they are not kept.
 */
export function useChosen() {
  const [chosen, setChosen] = useState<string[]>([])
  // Until the kept list has been read, there is nothing of this page's to keep.
  const [restored, setRestored] = useState(false)
  useEffect(() => {
    try {
      const kept: unknown = JSON.parse(sessionStorage.getItem(KEPT) ?? '[]')
      if (Array.isArray(kept))
        setChosen(kept.filter((s): s is string => typeof s === 'string').slice(0, MAX_COMPARED))
    } catch {}
    setRestored(true)
  }, [])
  useEffect(() => {
    if (!restored) return
    try {
      sessionStorage.setItem(KEPT, JSON.stringify(chosen))
    } catch {}
  }, [chosen, restored])
  // The same functions from render to render, so a product card whose own props hold is not rendered
  // again when another card is ticked or a filter changes (CategoryGroup's ProductCard is memoized).
  const toggle = useCallback(
    (slug: string) =>
      setChosen((list) => (list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug])),
    [],
  )
  const clear = useCallback(() => setChosen([]), [])
  return { chosen, toggle, clear }
}

/** What is chosen for comparison, the way to the comparison once there are two, and a way to start over. */
export function CompareBar({ chosen, onClear }: { chosen: readonly string[]; onClear: () => void }) {
  if (chosen.length === 0) return null
  return (
    <div className="finder__compare-bar">
      <span>
        {chosen.length} of {MAX_COMPARED} chosen
      </span>
      {chosen.length >= 2 ? (
        <a className="btn btn--accent" href={compareHref(chosen)}>
          Compare {chosen.length} products
        </a>
      ) : (
        <span className="finder__hint">Choose one more to compare</span>
      )}
      <button type="button" className="finder__clear" onClick={onClear}>
        Clear
      </button>
    </div>
  )
}
