import { useEffect, useState } from 'react'
import { loadOnce } from '../../lib/load-once.ts'
import type { Catalogue } from '../../renderer/catalogue.ts'

/** Every product with its facts: a chunk of its own (vite/site-plugin.ts), fetched once. */
export const loadCatalogue = loadOnce(() => import('virtual:catalogue').then((m) => m.catalogue))

/**
 * The products a page shows: those its data carries when they are all of them, else, once the page has
 * hydrated, the whole catalogue (a catalogue too large for one page's HTML, docs/decisions.md "A
 * catalogue of any size"). `whole` says whether `products` is every product yet; `failed` that the
 * catalogue could not be fetched (offline), and `retry` tries again.
 */
export function useWholeCatalogue<T>(
  carried: readonly T[],
  carriesAll: boolean,
  pick: (catalogue: Catalogue) => readonly T[],
): { products: readonly T[]; whole: boolean; failed: boolean; retry: () => void } {
  const [loaded, setLoaded] = useState<readonly T[] | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pick` is read once per attempt
  useEffect(() => {
    if (carriesAll) return
    let live = true
    setFailed(false)
    loadCatalogue().then(
      (catalogue) => live && setLoaded(pick(catalogue)),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [carriesAll, attempt])
  if (carriesAll) return { products: carried, whole: true, failed: false, retry: () => {} }
  return {
    products: loaded ?? carried,
    whole: loaded !== undefined,
    failed,
    retry: () => setAttempt((n) => n + 1),
  }
}
