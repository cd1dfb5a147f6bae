import { useRef, useState } from 'react'
import type { Validate } from './useRules.ts'

/** What a submission ended with; `fieldErrors` are the server's words for fields of this form (422). */
export type SubmitOutcome<F extends string> =
  | { ok: true; id?: string }
  | { ok: false; fieldErrors?: Partial<Record<F, string>> }

/** What happens around one submission; each step is another hook's job (see useForm). */
export interface SubmissionSteps<F extends string, V, P> {
  fields: readonly F[]
  /** The rules: already loaded, or fetched now (rejects when they cannot be). */
  rules: () => Promise<Validate<V, P>>
  /** The values at the moment of checking (after the rules may have taken a while to arrive). */
  values: () => V
  /** Sends the cleaned payload. */
  send: (payload: P) => Promise<SubmitOutcome<F>>
  /** Every field counts as touched: its problem shows. */
  touchAll: () => void
  /** The first invalid field in the form's order, before anything is sent. */
  focusInvalid: (name: F) => void
  /** Sending starts (the form's live region says so). */
  started: () => void
  /** Sending ended; `fieldErrors` are the server's messages for fields of this form. */
  ended: (outcome: { ok: true } | { ok: false; fieldErrors: Partial<Record<F, string>> }) => void
  /** Runs when the rules could not be fetched, or when the submission failed. */
  onFailure?: (() => void) | undefined
  /** Runs after a success, with the reference the server gave it, if any. */
  onSuccess?: ((receipt: { id?: string }) => void) | undefined
}

/**
 * One submission at a time: a submit touches every field, waits for the rules, sends nothing while any
 * rule fails (focus goes to the first invalid field), and otherwise sends the cleaned payload with
 * `submitting` true until the answer. A submit while one is under way is ignored: a ref, not state,
 * since two submits in the same tick both see the state of the render before them.
 */
export function useSubmission<F extends string, V, P>(steps: SubmissionSteps<F, V, P>) {
  const [submitting, setSubmitting] = useState(false)
  const busy = useRef(false)

  const submit = async () => {
    const { fields, onFailure, onSuccess } = steps
    if (busy.current) return
    busy.current = true
    steps.touchAll()
    let check: Validate<V, P>
    try {
      check = await steps.rules()
    } catch {
      // The rules could not be fetched (offline): nothing is sent, the values stay, and the next
      // submit fetches them again.
      busy.current = false
      onFailure?.()
      return
    }
    const result = check(steps.values())
    if (!result.ok) {
      busy.current = false
      const first = fields.find((name) => name in result.errors)
      if (first) steps.focusInvalid(first)
      return
    }
    setSubmitting(true)
    steps.started()
    let outcome: SubmitOutcome<F>
    try {
      outcome = await steps.send(result.value)
    } catch {
      outcome = { ok: false }
    }
    if (outcome.ok) steps.ended({ ok: true })
    else {
      const known = Object.fromEntries(
        Object.entries(outcome.fieldErrors ?? {}).filter(([name]) =>
          (fields as readonly string[]).includes(name),
        ),
      ) as Partial<Record<F, string>>
      steps.ended({ ok: false, fieldErrors: known })
    }
    busy.current = false
    setSubmitting(false)
    if (outcome.ok) onSuccess?.(outcome.id === undefined ? {} : { id: outcome.id })
    else onFailure?.()
  }

  return { submitting, submit }
}
