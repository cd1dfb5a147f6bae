import {
  type ContactPayload,
  contactFields,
  contactSchema,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  type FormResult,
  validateFormSync,
} from '../../lib/forms/index.ts'
import { EmailField, NameField, TextAreaField } from './Field.tsx'
import { FormFrame } from './FormFrame.tsx'
import { postForm } from './submit.ts'
import { toastError, toastSuccess } from './toasts.ts'
import { type SubmitOutcome, useForm, type Values } from './useForm.ts'

type ContactField = (typeof contactFields)[number]

const validate = (values: Values<ContactField>): FormResult<ContactPayload> =>
  validateFormSync(contactSchema, values)

async function submit(payload: ContactPayload, honeypot: string): Promise<SubmitOutcome<ContactField>> {
  const result = await postForm('/contactinformations', payload, honeypot)
  if (result.ok) {
    toastSuccess('Form submitted successfully')
    return { ok: true }
  }
  toastError('Something went wrong')
  return result.fieldErrors ? { ok: false, fieldErrors: result.fieldErrors } : { ok: false }
}

interface ContactFormProps {
  /** `1` when the form's title 'Contact Us' is the page's only h1 (the contact screen); `2` inside a page. */
  headingLevel?: 1 | 2
}

/** The contact form: Name, Email, Description → `POST <apiBase>/contactinformations`. */
export function ContactForm({ headingLevel = 1 }: ContactFormProps) {
  const form = useForm({
    id: 'contact',
    fields: contactFields,
    validate,
    submit,
    pendingMessage: 'Sending your message…',
  })
  return (
    <FormFrame
      form={form}
      title="Contact Us"
      headingLevel={headingLevel}
      intro={<p className="form-card__intro">Tell us what you need and our team will get back to you.</p>}
      pendingLabel="Sending your message…"
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
