import { type ChangeEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { FormResult } from '../../lib/forms/index.ts'

/** Every field of a form holds text, as the browser gives it. */
export type Values<F extends string> = Record<F, string>

/** A form's rules: the cleaned payload, or one message per invalid field. */
export type Validate<F extends string, P> = (values: Values<F>) => FormResult<P>

/** What a submission ended with; `fieldErrors` are the server's words for fields of this form (422). */
export type SubmitOutcome<F extends string> =
  | { ok: true }
  | { ok: false; fieldErrors?: Partial<Record<F, string>> }

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** The props a field component needs to render one field of the form. */
export interface FieldControl {
  id: string
  name: string
  value: string
  /** The message to show, or undefined: only fields the visitor has touched show one. */
  error: string | undefined
  onChange: (event: ChangeEvent<Editable>) => void
  onBlur: () => void
  ref: (element: Editable | null) => void
}

export interface FormOptions<F extends string, P> {
  /** The fields in screen order: on submit, focus goes to the first invalid one. */
  fields: readonly F[]
  /** Values the form starts from and resets to (fields not named start empty). */
  initialValues?: Partial<Values<F>>
  /**
   * Loads the form's rules. They are fetched when the visitor first focuses the form (or submits
   * it), not with the page: until they arrive no field shows an error, and a submit waits for them.
   */
  rules: () => Promise<Validate<F, P>>
  /** Sends the cleaned payload; `honeypot` is the hidden `website` field as typed (normally empty). */
  submit: (payload: P, honeypot: string) => Promise<SubmitOutcome<F>>
  /** Runs after a successful submission has reset the form (e.g. a success toast). */
  onSuccess?: () => void
  /**
   * Runs when a submission could not be made or was refused, with the values still in the form
   * (e.g. an error toast). Invalid fields found before sending are not a failure: they show.
   */
  onFailure?: () => void
  /** Read by screen readers while the submission is under way, e.g. 'Sending your message…'. */
  pendingMessage: string
  /**
   * Prefix of the field ids, unique on the page (e.g. `contact`). A readable prefix rather than useId():
   * ids such as `contact-email` make the pre-rendered HTML and axe reports say which form and field they mean.
   */
  id: string
}

/** Where focus goes once a submission ends and the form is back on screen. */
type FocusTarget = { kind: 'form' } | { kind: 'submit' } | { kind: 'field'; name: string }

/**
 * The state of one form: values, which fields the visitor has touched, the errors to show, and the
 * submission. Errors come from the shared rules (lib/forms, loaded on first focus) on every change,
 * and show on a field only once it has been touched (changed or left); a submit touches every field.
 * A submit while one is under way is ignored.
 */
export function useForm<F extends string, P>(options: FormOptions<F, P>) {
  const { fields, submit, onSuccess, onFailure, pendingMessage } = options
  const baseId = options.id
  const initial = useMemo(() => initialValues(fields, options.initialValues), [fields, options.initialValues])

  const [values, setValues] = useState<Values<F>>(initial)
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({})
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({})
  const [honeypot, setHoneypot] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [hydrated, setHydrated] = useState(false)
  const [validate, setValidate] = useState<Validate<F, P> | undefined>(undefined)
  const [announcement, setAnnouncement] = useState('')

  // A ref, not state: two submits in the same tick both see the state of the render before them.
  const busy = useRef(false)
  const elements = useRef(new Map<string, Editable>())
  const refCallbacks = useRef(new Map<string, (element: Editable | null) => void>())
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const pendingFocus = useRef<FocusTarget | null>(null)
  const lastAnnounced = useRef(new Map<string, string>())
  // The latest state, for work that finishes after the rules arrive.
  const latest = useRef({ values, serverErrors })
  latest.current = { values, serverErrors }
  const rulesLoader = useRef(options.rules)
  rulesLoader.current = options.rules

  useEffect(() => setHydrated(true), [])

  /** The rules, fetched on the first call; once they are in, every render checks the values. */
  const loadRules = useCallback(async () => {
    const loaded = await rulesLoader.current()
    setValidate(() => loaded)
    return loaded
  }, [])

  const clientErrors = useMemo(() => (validate ? errorsOf(validate(values)) : {}), [validate, values])

  const errorOf = (name: F): string | undefined => clientErrors[name] ?? serverErrors[name]

  const announce = useCallback((message: string) => {
    // The same words twice in a row are still announced: a live region only speaks on a change.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message))
  }, [])

  const focusField = (name: F) => {
    const element = elements.current.get(name)
    element?.focus()
  }

  // While a submission is under way the form is off screen: keep focus on the form's title.
  // Once it ends and the form is back, move focus where the outcome points.
  useEffect(() => {
    if (submitting) {
      titleRef.current?.focus()
      return
    }
    const target = pendingFocus.current
    pendingFocus.current = null
    if (!target) return
    if (target.kind === 'form') formRef.current?.focus()
    else if (target.kind === 'submit') submitRef.current?.focus()
    else elements.current.get(target.name)?.focus()
  }, [submitting])

  const refFor = (name: F) => {
    let callback = refCallbacks.current.get(name)
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(name, element)
        else elements.current.delete(name)
      }
      refCallbacks.current.set(name, callback)
    }
    return callback
  }

  const field = (name: F): FieldControl => ({
    id: `${baseId}-${name}`,
    name,
    value: values[name],
    error: touched[name] ? errorOf(name) : undefined,
    ref: refFor(name),
    onChange: (event) => {
      const value = event.target.value
      setValues((current) => ({ ...current, [name]: value }))
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }))
      setServerErrors((current) => {
        if (!(name in current)) return current
        const { [name]: _dropped, ...rest } = current
        return rest as Partial<Record<F, string>>
      })
    },
    onBlur: () => {
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }))
      // Leaving a field with a problem says so once; the message stays tied to the field. Before the
      // rules have arrived, it is said when they do.
      const announceLeft = (message: string | undefined) => {
        if (message === undefined) lastAnnounced.current.delete(name)
        else if (lastAnnounced.current.get(name) !== message) {
          lastAnnounced.current.set(name, message)
          announce(message)
        }
      }
      if (validate) announceLeft(errorOf(name))
      else
        loadRules().then(
          (check) => {
            const { values: now, serverErrors: fromServer } = latest.current
            announceLeft(errorsOf(check(now))[name] ?? fromServer[name])
          },
          () => undefined,
        )
    },
  })

  const setValue = useCallback(
    (name: F, value: string) => setValues((current) => ({ ...current, [name]: value })),
    [],
  )

  const touchAll = () =>
    setTouched(Object.fromEntries(fields.map((name) => [name, true])) as Record<F, boolean>)

  const reset = () => {
    setValues(initial)
    setTouched({})
    setServerErrors({})
    setHoneypot('')
    lastAnnounced.current.clear()
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy.current) return
    busy.current = true
    touchAll()
    let check: Validate<F, P>
    try {
      check = validate ?? (await loadRules())
    } catch {
      // The rules could not be fetched (offline): nothing is sent, the values stay, and the next
      // submit fetches them again.
      busy.current = false
      onFailure?.()
      return
    }
    const result = check(latest.current.values)
    if (!result.ok) {
      busy.current = false
      const first = fields.find((name) => name in result.errors)
      if (first) focusField(first)
      return
    }
    setSubmitting(true)
    announce(pendingMessage)
    let outcome: SubmitOutcome<F>
    try {
      outcome = await submit(result.value, honeypot)
    } catch {
      outcome = { ok: false }
    }
    if (outcome.ok) {
      reset()
      pendingFocus.current = { kind: 'form' }
    } else {
      const known = Object.fromEntries(
        Object.entries(outcome.fieldErrors ?? {}).filter(([name]) =>
          (fields as readonly string[]).includes(name),
        ),
      ) as Partial<Record<F, string>>
      const first = fields.find((name) => name in known)
      setServerErrors(known)
      pendingFocus.current = first ? { kind: 'field', name: first } : { kind: 'submit' }
    }
    setAnnouncement('')
    busy.current = false
    setSubmitting(false)
    if (outcome.ok) onSuccess?.()
    else onFailure?.()
  }

  return {
    /** Prefix for ids inside this form. */
    id: baseId,
    values,
    submitting,
    /** False in the pre-rendered HTML, true once React runs (the submit button waits for it). */
    hydrated,
    /** Fetches the rules ahead of need (the form calls it on first focus); rejects when offline. */
    loadRules,
    /** Text for the form's polite live region. */
    announcement,
    field,
    /** Sets a value without touching the field (a value the page already knows, e.g. from the URL). */
    setValue,
    honeypot: {
      value: honeypot,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setHoneypot(event.target.value),
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      void onSubmit(event)
    },
    formRef,
    submitRef,
    titleRef,
  }
}

/** The value of {@link useForm}: what a form frame and its fields render from. */
export type FormApi<F extends string> = ReturnType<typeof useForm<F, unknown>>

function errorsOf<F extends string>(result: FormResult<unknown>): Partial<Record<F, string>> {
  return (result.ok ? {} : result.errors) as Partial<Record<F, string>>
}

function initialValues<F extends string>(fields: readonly F[], given: Partial<Values<F>> = {}): Values<F> {
  return Object.fromEntries(fields.map((name) => [name, given[name] ?? ''])) as Values<F>
}
