import { useState } from 'react'
import { compareHref, MAX_COMPARED } from '../../model/compare.ts'

/** The products ticked for comparison, in the order they were ticked. */
export function useChosen() {
  const [chosen, setChosen] = useState<string[]>([])
  const toggle = (slug: string) =>
    setChosen((list) => (list.includes(slug) ? list.filter((s) => s !== slug) : [...list, slug]))
  return { chosen, toggle, clear: () => setChosen([]) }
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
