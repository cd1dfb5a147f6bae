import { useMemo } from 'react'
import { navigate } from 'vike/client/router'
import { enquiryFields } from '../../lib/forms/fields.ts'
import type { EnquiryFormValues, EnquiryPayload } from '../../lib/forms/index.ts'
import { RECEIVED } from '../../lib/forms/received.ts'
import { EmailField, NameField, PhoneField, TextAreaField, TextField } from './Field.tsx'
import { FormFrame } from './FormFrame.tsx'
import { loadRules } from './load-rules.ts'
import { formAction, postForm } from './submit.ts'
import { LONG_TOAST, toastError, toastSuccess } from './toasts.ts'
import { useForm } from './useForm.ts'

/** The §3 payload: the cleaned form (empty optional fields already left out) and the product's slug. */
export function enquiryPayload(slug: string, form: EnquiryFormValues): EnquiryPayload {
  return {
    product_name: slug,
    phone: form.phone,
    email: form.email,
    name: form.name,
    ...(form.company_name ? { company_name: form.company_name } : {}),
    ...(form.company_gst ? { company_gst: form.company_gst } : {}),
    ...(form.description ? { description: form.description } : {}),
  }
}

const ENQUIRY_PATH = '/productregistration'

interface EnquiryFormProps {
  /** The product's slug: sent as `product_name`, and where the visitor goes after a success. */
  slug: string
}

/** The product enquiry form → `POST <apiBase>/productregistration`; on success, back to the product. */
export function EnquiryForm({ slug }: EnquiryFormProps) {
  const options = useMemo(
    () => ({
      id: 'enquiry',
      fields: enquiryFields,
      rules: () => loadRules().then((loaded) => loaded.validateEnquiry),
      pendingMessage: 'Sending your enquiry…',
      submit: (form: EnquiryFormValues, honeypot: string) =>
        postForm(ENQUIRY_PATH, enquiryPayload(slug, form), honeypot),
      onSuccess: () => {
        toastSuccess(`${RECEIVED.enquiry.title} ${RECEIVED.enquiry.next}`, LONG_TOAST)
        void navigate(`/products/${slug}`)
      },
      onFailure: () => toastError('Something went wrong. Please try again.', LONG_TOAST),
    }),
    [slug],
  )
  const form = useForm(options)
  return (
    <FormFrame
      form={form}
      title="Your enquiry"
      intro={<p className="form-card__intro">Submit your enquiry and we'll respond as soon as possible.</p>}
      pendingLabel="Sending your enquiry…"
      action={formAction(ENQUIRY_PATH)}
    >
      {/* The product, for a form posted without JavaScript; with it, the payload names it. */}
      <input type="hidden" name="product_name" value={slug} />
      <NameField control={form.field('name')} wide />
      <EmailField control={form.field('email')} />
      <PhoneField control={form.field('phone')} />
      <TextField control={form.field('company_name')} label="Company Name" autoComplete="organization" />
      <TextField
        control={form.field('company_gst')}
        label="Company Gst"
        autoCapitalize="characters"
        spellCheck={false}
        hint="Your 15-character GSTIN, if you have one."
      />
      <TextAreaField control={form.field('description')} label="Description" wide rows={5} />
    </FormFrame>
  )
}
