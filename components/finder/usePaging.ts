import { useState } from 'react'
import { CATALOGUE_STEP, CATEGORY_PREVIEW } from '../../model/compare.ts'
import type { FinderState } from './filters.ts'

/**
 * How many of a category's matches show: all in a small catalogue (`carriesAll`); in a large one a few
 * of each while no category is chosen, and a step at a time of the chosen one. `more` adds a step; the
 * steps start again whenever the filters change, by the form or by Back and Forward.
 */
export function usePaging(state: FinderState, carriesAll: boolean): [cap: number, more: () => void] {
  // The step belongs to the filters it was taken under: new filters (a new object) are at step 1.
  const [paged, setPaged] = useState({ of: state, step: 1 })
  const step = paged.of === state ? paged.step : 1
  const cap = carriesAll
    ? Number.POSITIVE_INFINITY
    : state.category
      ? step * CATALOGUE_STEP
      : CATEGORY_PREVIEW
  return [cap, () => setPaged({ of: state, step: step + 1 })]
}
