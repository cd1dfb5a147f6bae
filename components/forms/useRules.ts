import { useCallback, useRef, useState } from 'react'
import type { FormResult } from '../../lib/forms/index.ts'

/** A form's rules: the cleaned payload, or one message per invalid field. */
export type Validate<V, P> = (values: V) => FormResult<P>

/**
 * A form's rules, fetched on first use (`load`, which rejects when they cannot be fetched and fetches
 * again on the next call): `validate` is undefined until they have arrived.
 */
export function useRules<V, P>(loader: () => Promise<Validate<V, P>>) {
  const [validate, setValidate] = useState<Validate<V, P> | undefined>(undefined)
  const latest = useRef(loader)
  latest.current = loader

  const load = useCallback(async () => {
    const loaded = await latest.current()
    setValidate(() => loaded)
    return loaded
  }, [])

  return { validate, load }
}

/** The messages of a result, by field; none when it is valid. */
export function errorsOf<F extends string>(result: FormResult<unknown>): Partial<Record<F, string>> {
  return (result.ok ? {} : result.errors) as Partial<Record<F, string>>
}
