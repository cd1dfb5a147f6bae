import { useCallback, useMemo, useState } from 'react'

/** Every field of a form holds text, as the browser gives it. */
export type Values<F extends string> = Record<F, string>

/**
 * What the visitor has typed and touched: the values (starting from `initialValues`), which fields
 * have been touched (changed or left), the server's messages for fields (a 422) until each field is
 * edited, and the hidden honeypot. `reset()` returns to the start.
 */
export function useFormValues<F extends string>(fields: readonly F[], initialValues?: Partial<Values<F>>) {
  const initial = useMemo(() => initialValuesOf(fields, initialValues), [fields, initialValues])
  const [values, setValues] = useState<Values<F>>(initial)
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({})
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({})
  const [honeypot, setHoneypot] = useState('')

  const touch = useCallback(
    (name: F) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    [],
  )

  /** A change by the visitor: the value, the field touched, and the server's message for it gone. */
  const change = useCallback(
    (name: F, value: string) => {
      setValues((current) => ({ ...current, [name]: value }))
      touch(name)
      setServerErrors((current) => {
        if (!(name in current)) return current
        const { [name]: _dropped, ...rest } = current
        return rest as Partial<Record<F, string>>
      })
    },
    [touch],
  )

  /** Sets a value without touching the field (a value the page already knows, e.g. from the URL). */
  const setValue = useCallback(
    (name: F, value: string) => setValues((current) => ({ ...current, [name]: value })),
    [],
  )

  const touchAll = useCallback(
    () => setTouched(Object.fromEntries(fields.map((name) => [name, true])) as Record<F, boolean>),
    [fields],
  )

  const reset = useCallback(() => {
    setValues(initial)
    setTouched({})
    setServerErrors({})
    setHoneypot('')
  }, [initial])

  return {
    values,
    touched,
    serverErrors,
    honeypot,
    change,
    touch,
    touchAll,
    setValue,
    setServerErrors,
    setHoneypot,
    reset,
  }
}

function initialValuesOf<F extends string>(fields: readonly F[], given: Partial<Values<F>> = {}): Values<F> {
  return Object.fromEntries(fields.map((name) => [name, given[name] ?? ''])) as Values<F>
}
