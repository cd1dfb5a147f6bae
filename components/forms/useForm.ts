import { type ChangeEvent, type FormEvent, useEffect, useMemo, useRef } from 'react'
import { afterPress, watchPresses } from '../../lib/after-press.ts'
import { useAnnouncer } from './useAnnouncer.ts'
import { useFieldElements } from './useFieldElements.ts'
import { useFormValues, type Values } from './useFormValues.ts'
import { errorsOf, useRules, type Validate as ValidateValues } from './useRules.ts'
import { type SubmitOutcome, useSubmission } from './useSubmission.ts'
import { useSubmitFocus } from './useSubmitFocus.ts'

export type { SubmitOutcome } from './useSubmission.ts'
export type { Values }

/** A form's rules: the cleaned payload, or one message per invalid field. */
export type Validate<F extends string, P> = ValidateValues<Values<F>, P>

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
   * Loads the form's rules. They are fetched when the visitor's pointer reaches the form or they first
   * focus it (or submit it), not with the page: until they arrive no field shows an error, and a submit waits for them.
   */
  rules: () => Promise<Validate<F, P>>
  /** Sends the cleaned payload; `honeypot` is the hidden `website` field as typed (normally empty). */
  submit: (payload: P, honeypot: string) => Promise<SubmitOutcome<F>>
  /**
   * Runs after a successful submission has reset the form (e.g. a success toast), with the reference
   * the intake API gave it.
   */
  onSuccess?: (receipt: { id?: string }) => void
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

/**
 * The state of one form: values, which fields the visitor has touched, the errors to show, and the
 * submission. Errors come from the shared rules (lib/forms, loaded on the first pointer or focus) on every change,
 * and show on a field only once it has been touched (changed or left); a submit touches every field.
 * Each part is a hook of its own: values and touched fields (useFormValues), the rules (useRules), the
 * live region (useAnnouncer), the field elements (useFieldElements), focus around a submission
 * (useSubmitFocus) and the submission itself (useSubmission).
 */
export function useForm<F extends string, P>(options: FormOptions<F, P>) {
  const { fields, submit, onSuccess, onFailure, pendingMessage } = options
  const baseId = options.id
  const form = useFormValues(fields, options.initialValues)
  const { values, touched, serverErrors } = form
  const rules = useRules<Values<F>, P>(options.rules)
  const live = useAnnouncer()
  const elements = useFieldElements<F>()

  // The latest state, for work that finishes after the rules arrive or a press ends.
  const latest = useRef({ values, serverErrors, validate: rules.validate })
  latest.current = { values, serverErrors, validate: rules.validate }
  // How many submits the visitor has made: a blur waiting for its press to end skips if one came.
  const submits = useRef(0)
  useEffect(watchPresses, [])

  const clientErrors = useMemo<Partial<Record<F, string>>>(
    () => (rules.validate ? errorsOf<F>(rules.validate(values)) : {}),
    [rules.validate, values],
  )
  const errorOf = (name: F): string | undefined => clientErrors[name] ?? serverErrors[name]

  // `ended` runs once an answer has come, long after this render: `focus` (declared below, since it
  // follows `submitting`) is there by then.
  const submission = useSubmission<F, Values<F>, P>({
    fields,
    rules: () => (rules.validate ? Promise.resolve(rules.validate) : rules.load()),
    values: () => latest.current.values,
    send: (payload) => submit(payload, form.honeypot),
    touchAll: form.touchAll,
    focusInvalid: elements.focus,
    started: () => live.announce(pendingMessage),
    ended: (outcome) => {
      if (outcome.ok) {
        form.reset()
        live.clear(true)
        focus.after({ kind: 'form' })
      } else {
        const first = fields.find((name) => name in outcome.fieldErrors)
        form.setServerErrors(outcome.fieldErrors)
        live.clear()
        focus.after(first ? { kind: 'field', name: first } : { kind: 'submit' })
      }
    },
    onFailure,
    onSuccess,
  })
  const focus = useSubmitFocus<F>(submission.submitting, elements.focus)

  const field = (name: F): FieldControl => ({
    id: `${baseId}-${name}`,
    name,
    value: values[name],
    error: touched[name] ? errorOf(name) : undefined,
    ref: elements.refFor(name),
    onChange: (event) => form.change(name, event.target.value),
    // Leaving a field with a problem shows it and says so once; the message stays tied to the field.
    // Not before the press that left the field is over: the message moves what is below it, and a
    // press on Submit would land beside the button (lib/after-press.ts). A submit in between has
    // touched every field and moved the focus itself, so the blur then adds nothing.
    onBlur: () => {
      const seen = submits.current
      afterPress(() => {
        if (submits.current !== seen) return
        form.touch(name)
        const { values: now, serverErrors: fromServer, validate } = latest.current
        // Before the rules have arrived, it is said when they do.
        if (validate) live.announceLeft(name, errorsOf<F>(validate(now))[name] ?? fromServer[name])
        else
          rules.load().then(
            (check) =>
              live.announceLeft(
                name,
                errorsOf<F>(check(latest.current.values))[name] ?? latest.current.serverErrors[name],
              ),
            () => undefined,
          )
      })
    },
  })

  return {
    /** Prefix for ids inside this form. */
    id: baseId,
    values,
    submitting: submission.submitting,
    /** Fetches the rules ahead of need (the form calls it on the first pointer or focus); rejects when offline. */
    loadRules: rules.load,
    /** Text for the form's polite live region. */
    announcement: live.announcement,
    field,
    /** Sets a value without touching the field (a value the page already knows, e.g. from the URL). */
    setValue: form.setValue,
    honeypot: {
      value: form.honeypot,
      onChange: (event: ChangeEvent<HTMLInputElement>) => form.setHoneypot(event.target.value),
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      submits.current += 1
      void submission.submit()
    },
    formRef: focus.formRef,
    submitRef: focus.submitRef,
    titleRef: focus.titleRef,
  }
}

/** The value of {@link useForm}: what a form frame and its fields render from. */
export type FormApi<F extends string> = ReturnType<typeof useForm<F, unknown>>
