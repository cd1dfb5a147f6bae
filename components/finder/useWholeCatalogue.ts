import { fetchJsonOnce } from '../../lib/fetch-json.ts'
import type { Catalogue } from '../../model/catalogue.ts'
import { useLazyList } from '../useLazyList.ts'

/**
 * The products a page shows: those its data carries when they are all of them (`source` null), else,
 * once the page has hydrated, the whole catalogue from its data file at `source` (model/data-files.ts;
 * `pick` takes what the page needs of it); see useLazyList.
 */
export function useWholeCatalogue<T>(
  carried: readonly T[],
  source: string | null,
  pick: (catalogue: Catalogue) => readonly T[],
): { products: readonly T[]; whole: boolean; failed: boolean; retry: () => void } {
  const { list, ...state } = useLazyList(carried, source === null, () =>
    fetchJsonOnce<Catalogue>(source ?? '').then(pick),
  )
  return { products: list, ...state }
}
