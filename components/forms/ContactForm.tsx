import { contactFields, DESCRIPTION_MAX, DESCRIPTION_MIN } from '../../lib/forms/fields.ts'
import type { ContactPayload } from '../../lib/forms/index.ts'
import { RECEIVED } from '../../lib/forms/received.ts'
import { EmailField, NameField, TextAreaField } from './Field.tsx'
import { FormFrame } from './FormFrame.tsx'
import { loadRules } from './load-rules.ts'
import { formAction, postForm } from './submit.ts'
import { toastError, toastSuccess } from './toasts.ts'
import { type FormOptions, useForm } from './useForm.ts'

/** What the contact form checks, where it sends, and what it says (../shared/spec/site-spec.md §8). */
const CONTACT_PATH = '/contactinformations'

const CONTACT_FORM: FormOptions<(typeof contactFields)[number], ContactPayload> = {
  id: 'contact',
  fields: contactFields,
  rules: () => loadRules().then((loaded) => loaded.validateContact),
  submit: (payload, honeypot) => postForm(CONTACT_PATH, payload, honeypot),
  onSuccess: () => toastSuccess(RECEIVED.contact.title),
  onFailure: () => toastError('Something went wrong'),
  pendingMessage: 'Sending your message…',
}

interface ContactFormProps {
  /** `1` when the form's title 'Contact Us' is the page's only h1 (the contact screen); `2` inside a page. */
  headingLevel?: 1 | 2
}

/** The contact form: Name, Email, Description → `POST <apiBase>/contactinformations`. */
export function ContactForm({ headingLevel = 1 }: ContactFormProps) {
  const form = useForm(CONTACT_FORM)
  return (
    <FormFrame
      form={form}
      title="Contact Us"
      headingLevel={headingLevel}
      intro={<p className="form-card__intro">Tell us what you need and our team will get back to you.</p>}
      pendingLabel="Sending your message…"
      action={formAction(CONTACT_PATH)}
    >
      <NameField control={form.field('name')} />
      <EmailField control={form.field('email')} />
      <TextAreaField
        control={form.field('description')}
        label="Description"
        required
        wide
        hint={`Between ${DESCRIPTION_MIN} and ${DESCRIPTION_MAX} characters.`}
        limit={DESCRIPTION_MAX}
      />
    </FormFrame>
  )
}
