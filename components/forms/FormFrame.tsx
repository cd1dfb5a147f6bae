import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import './forms.css'
import { afterNextPaint } from '../../lib/after-paint.ts'
import { FormLoader } from './FormLoader.tsx'
import { Honeypot } from './Honeypot.tsx'
import { preloadRequest } from './submit.ts'
import type { FormApi } from './useForm.ts'

interface FormFrameProps<F extends string> {
  form: FormApi<F>
  /** The form's title, e.g. 'Contact Us'. */
  title: string
  /** `1` when the form's title is the page's title. */
  headingLevel?: 1 | 2
  /** A line or two under the title. */
  intro?: ReactNode
  submitLabel?: string
  /** Shown (and announced) while the form is being sent. */
  pendingLabel: string
  /** Where the form posts without JavaScript: the endpoint under the API base (submit.ts). */
  action: string
  /** Shown above the form once it has been received, e.g. the reference the API gave it. */
  receipt?: ReactNode
  /** The fields, in screen order. */
  children: ReactNode
}

/**
 * A form card: title, fields, the hidden honeypot, the submit button, and the loader that replaces
 * the form while it is being sent. The polite live region says what happens to the form (a field
 * left with a problem, sending); toasts say how a submission ended.
 */
export function FormFrame<F extends string>({
  form,
  title,
  headingLevel = 2,
  intro,
  submitLabel = 'Submit',
  pendingLabel,
  action,
  receipt,
  children,
}: FormFrameProps<F>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const titleId = `${form.id}-title`
  const lastHeight = useRef<number | undefined>(undefined)
  const { loadRules } = form

  // The first pointer over the form, or the first focus in it, fetches its rules and the request
  // helper, neither of which the page needs before someone fills the form in; after the next paint,
  // since starting the imports holds up that paint (docs/decisions.md, "Forms"). A hand reaches the
  // form before it presses, so a mouse's first press (on a field, or Submit) finds them loaded. A
  // failure here is tried again on the next pointer, focus or submit.
  const warm = useRef(false)
  const warmUp = useCallback(() => {
    if (warm.current) return
    afterNextPaint(() => {
      Promise.all([loadRules(), preloadRequest()]).then(
        () => {
          warm.current = true
        },
        () => undefined,
      )
    })
  }, [loadRules])

  // Remember how tall the form is, so the loader that replaces it keeps the card's height: as the
  // browser lays the form out, not by reading its height after each render, which made the browser lay
  // the page out again at once on every keystroke and in the frame of a submit that shows errors.
  const { submitting, formRef } = form
  useEffect(() => {
    const shown = formRef.current
    if (submitting || !shown) return
    const observer = new ResizeObserver(([entry]) => {
      lastHeight.current = entry?.borderBoxSize[0]?.blockSize ?? shown.offsetHeight
    })
    observer.observe(shown)
    return () => observer.disconnect()
  }, [submitting, formRef])

  return (
    <section className="form-card" aria-labelledby={titleId}>
      <Heading className="form-card__title" id={titleId} ref={form.titleRef} tabIndex={-1}>
        {title}
      </Heading>
      {intro}
      {receipt}
      {form.submitting ? (
        <FormLoader label={pendingLabel} minHeight={lastHeight.current} />
      ) : (
        <form
          className="form"
          ref={form.formRef}
          // Before hydration, or when the scripts never arrive, the form posts itself (form-encoded) and
          // the intake API answers with a page; once hydrated, onSubmit sends JSON instead.
          action={action}
          method="post"
          noValidate
          aria-labelledby={titleId}
          tabIndex={-1}
          onSubmit={form.onSubmit}
          onFocus={warmUp}
          onPointerEnter={warmUp}
        >
          <p className="form__note">
            Fields marked <span className="form__star">*</span> are required.
          </p>
          <div className="form__grid">{children}</div>
          <Honeypot id={`${form.id}-website`} {...form.honeypot} />
          <div className="form__actions">
            <button className="form__submit" type="submit" ref={form.submitRef}>
              {submitLabel}
            </button>
          </div>
        </form>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a live region, not a form result */}
      <p className="visually-hidden" role="status">
        {form.announcement}
      </p>
    </section>
  )
}
