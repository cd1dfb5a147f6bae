import { loadOnce } from '../../lib/load-once.ts'
import type { Catalogue } from '../../model/catalogue.ts'
import { useLazyList } from '../useLazyList.ts'

/** Every product with its facts: a chunk of its own (vite/site-plugin.ts), fetched once. */
const loadCatalogue = loadOnce(() => import('virtual:catalogue').then((m) => m.catalogue))

/**
 * The products a page shows: those its data carries when they are all of them, else, once the page has
 * hydrated, the whole catalogue (`pick` takes what the page needs of it); see useLazyList.
 */
export function useWholeCatalogue<T>(
  carried: readonly T[],
  carriesAll: boolean,
  pick: (catalogue: Catalogue) => readonly T[],
): { products: readonly T[]; whole: boolean; failed: boolean; retry: () => void } {
  const { list, ...state } = useLazyList(carried, carriesAll, () => loadCatalogue().then(pick))
  return { products: list, ...state }
}
