import { useEffect, useState } from 'react'

/**
 * A list the page carries when it can, else loads once hydrated (a catalogue too large for one page's
 * HTML, docs/decisions.md "A catalogue of any size"): `list` is what the page carries until the load
 * arrives, `whole` whether it is the whole list yet, `failed` that the load failed (offline), and
 * `retry` tries again. `load` should share one fetch between callers (lib/load-once.ts).
 */
export function useLazyList<T>(
  carried: readonly T[],
  carriesAll: boolean,
  load: () => Promise<readonly T[]>,
): { list: readonly T[]; whole: boolean; failed: boolean; retry: () => void } {
  const [loaded, setLoaded] = useState<readonly T[] | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is read once per attempt
  useEffect(() => {
    if (carriesAll) return
    let live = true
    setFailed(false)
    load().then(
      (list) => live && setLoaded(list),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [carriesAll, attempt])
  if (carriesAll) return { list: carried, whole: true, failed: false, retry: () => {} }
  return {
    list: loaded ?? carried,
    whole: loaded !== undefined,
    failed,
    retry: () => setAttempt((n) => n + 1),
  }
}
