import { useEffect, useRef } from 'react'

/** Where focus goes once a submission ends and the form is back on screen. */
export type FocusTarget<F extends string> = { kind: 'form' } | { kind: 'submit' } | { kind: 'field'; name: F }

/**
 * Focus around a submission: while it is under way the form is off screen and focus waits on the form's
 * title; once it ends, focus goes where `after(target)` pointed (the form after a success, the submit
 * button or a field the server named after a failure).
 */
export function useSubmitFocus<F extends string>(submitting: boolean, focusField: (name: F) => void) {
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const pending = useRef<FocusTarget<F> | null>(null)
  const focusFieldRef = useRef(focusField)
  focusFieldRef.current = focusField

  useEffect(() => {
    if (submitting) {
      titleRef.current?.focus()
      return
    }
    const target = pending.current
    pending.current = null
    if (!target) return
    if (target.kind === 'form') formRef.current?.focus()
    else if (target.kind === 'submit') submitRef.current?.focus()
    else focusFieldRef.current(target.name)
  }, [submitting])

  /** Where focus goes when the submission now ending has left the screen to the form again. */
  const after = (target: FocusTarget<F>) => {
    pending.current = target
  }

  return { formRef, submitRef, titleRef, after }
}
