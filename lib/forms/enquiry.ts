/**
 * The product enquiry form (../shared/spec/site-spec.md §5 "Product enquiry form"). `product_name` is
 * not a form field: it comes from the route, and the server checks it with {@link enquiryPayloadSchema}.
 */
import { type InferType, object } from 'yup'
import { contactNameMessages, type EmailMessages, emailField, nameField } from './contact.ts'
import { charCount, rule, text } from './validate.ts'

/**
 * The enquiry's name messages. The spec keeps two quirks on purpose: spaces only say 'Name should be
 * at least 3 characters', and the 30-character limit says 26. `''` (and absent) still says
 * 'Name is required': the spec changes the blank message only.
 */
export const enquiryNameMessages = {
  ...contactNameMessages,
  blank: 'Name should be at least 3 characters',
  max: 'Name should not exceed 26 characters',
} as const

/**
 * The enquiry's email messages. The spec gives the enquiry email its own messages for the digit and
 * blank-space rules and says "other failures 'Invalid email address'"; over 36 characters is one of
 * those other failures here ('Email should not exceed 36 characters' belongs to the contact form).
 */
export const enquiryEmailMessages: EmailMessages = {
  required: 'Email is required',
  format: 'Invalid email address',
  max: 'Invalid email address',
  dotCom: 'Invalid email address',
  digitStart: 'Email should not start with a number',
  hyphen: 'Invalid email address',
  spaces: 'Email should not contain blank spaces',
}

/**
 * The enquiry's email format: a local part of letters, digits, dot, underscore and hyphen, and a
 * domain with a 2 to 4 letter suffix. Linear-time: no nested quantifiers.
 */
export const ENQUIRY_EMAIL_FORMAT = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/

/** A phone number: required; exactly 10 digits (edge spaces ignored, nothing else allowed). */
export function phoneField() {
  return text('Phone must be text')
    .required('Phone is required')
    .test(rule('blank', 'Phone is required', (trimmed) => trimmed !== ''))
    .test(rule('digits', 'Phone must be 10 digits', (trimmed) => /^[0-9]{10}$/.test(trimmed)))
}

/**
 * An optional free-text field. The spec does not validate it; the cap only keeps a hostile client
 * from making the server store megabytes. Empty means absent and is left out of the payload.
 */
export function optionalTextField(label: string, max: number) {
  return text(`${label} must be text`)
    .optional()
    .test(rule('max', `${label} should not exceed ${max} characters`, (trimmed) => charCount(trimmed) <= max))
}

/**
 * Caps of the fields the spec leaves unvalidated: a company name, a GSTIN (15 characters, with room
 * for separators) and a message.
 */
export const COMPANY_NAME_MAX = 200
export const COMPANY_GST_MAX = 20
export const ENQUIRY_DESCRIPTION_MAX = 1000

/** The enquiry form as the visitor fills it in (no `product_name`). */
export const enquirySchema = object({
  name: nameField(enquiryNameMessages),
  email: emailField(ENQUIRY_EMAIL_FORMAT, enquiryEmailMessages),
  phone: phoneField(),
  company_name: optionalTextField('Company name', COMPANY_NAME_MAX),
  company_gst: optionalTextField('Company GST', COMPANY_GST_MAX),
  description: optionalTextField('Description', ENQUIRY_DESCRIPTION_MAX),
})

/** The enquiry form's values once cleaned: empty optional fields are left out. */
export type EnquiryFormValues = InferType<typeof enquirySchema>

/**
 * The whole enquiry request, `POST <apiBase>/productregistration`: the form plus `product_name`,
 * which must be one of `productSlugs`. The browser takes the slug from the route; the server uses
 * this schema so a request for an unknown product is a 422 like any other invalid field.
 */
export function enquiryPayloadSchema(productSlugs: readonly string[]) {
  return object({
    product_name: text('Unknown product').required('Unknown product').oneOf(productSlugs, 'Unknown product'),
  }).concat(enquirySchema)
}

/** The enquiry payload as sent (§3): optional company_name, company_gst, description only when non-empty. */
export type EnquiryPayload = InferType<ReturnType<typeof enquiryPayloadSchema>>
