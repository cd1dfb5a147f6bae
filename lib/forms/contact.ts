/**
 * The contact form (../shared/spec/site-spec.md §5 "Contact form", ../shared/spec/DECISIONS.md
 * "Messages the spec does not give"), and the name and email field rules the enquiry and warranty
 * forms reuse.
 *
 * Edge whitespace: email and description have their own "blank spaces" rule, so every other rule of
 * those fields looks at the trimmed value and leading/trailing spaces are reported by that rule alone
 * (' ab@x.com' says 'Email should not contain blank spaces', not 'Invalid email address'). Other fields
 * have no such rule: their rules read the trimmed value and the cleaned payload stores it trimmed.
 */
import { type InferType, object } from 'yup'
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from './fields.ts'
import { charCount, rule, text } from './validate.ts'

/** Messages of the name rules, in the spec's rule order. */
export interface NameMessages {
  required: string
  blank: string
  symbols: string
  consecutiveSpaces: string
  min: string
  max: string
}

/** The contact form's name messages (also the warranty form's). */
export const contactNameMessages: NameMessages = {
  required: 'Name is required',
  blank: 'Name is required',
  symbols: 'Name should not contain numbers and symbols',
  consecutiveSpaces: 'Name should not contain consecutive spaces.',
  min: 'Name should be at least 3 characters',
  max: 'Name should not exceed 30 characters',
}

/** Shortest and longest name, counted without edge spaces. */
export const NAME_MIN = 3
export const NAME_MAX = 30

// Letters of any script (with their combining marks, which Indic scripts need) and the plain space.
const NAME_CHARACTERS = /^[\p{L}\p{M} ]*$/u

/**
 * A person's name: required; not blank; letters and spaces only; no consecutive spaces; 3 to 30
 * characters. `''` (and absent) is "required"; spaces only is "blank".
 */
export function nameField(messages: NameMessages = contactNameMessages) {
  return text('Name must be text')
    .required(messages.required)
    .test(rule('blank', messages.blank, (trimmed) => trimmed !== ''))
    .test(rule('symbols', messages.symbols, (trimmed) => NAME_CHARACTERS.test(trimmed)))
    .test(rule('consecutiveSpaces', messages.consecutiveSpaces, (trimmed) => !trimmed.includes('  ')))
    .test(rule('min', messages.min, (trimmed) => charCount(trimmed) >= NAME_MIN))
    .test(rule('max', messages.max, (trimmed) => charCount(trimmed) <= NAME_MAX))
}

/** Messages of the email rules, in the spec's rule order. */
export interface EmailMessages {
  required: string
  format: string
  max: string
  dotCom: string
  digitStart: string
  hyphen: string
  spaces: string
}

/** The contact form's email messages (also the warranty form's). */
export const contactEmailMessages: EmailMessages = {
  required: 'Email is required',
  format: 'Invalid email address',
  max: 'Email should not exceed 36 characters',
  dotCom: 'Invalid email address',
  digitStart: 'Email should not start with a number',
  hyphen: 'Invalid email address',
  spaces: 'Email should not contain blank spaces',
}

/** Longest email address. */
export const EMAIL_MAX = 36

/**
 * The contact form's "valid format": the WHATWG HTML definition of a valid email address (what
 * `<input type="email">` and yup's `email()` accept). The .com, hyphen and digit rules narrow it.
 */
export const CONTACT_EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/**
 * An email address: required; `format`; at most 36 characters; ends in .com (any case) without
 * consecutive dots; does not start with a digit; no hyphen; no leading or trailing spaces. Spaces
 * only count as missing.
 */
export function emailField(
  format: RegExp = CONTACT_EMAIL_FORMAT,
  messages: EmailMessages = contactEmailMessages,
) {
  return text('Email must be text')
    .required(messages.required)
    .test(rule('blank', messages.required, (trimmed) => trimmed !== ''))
    .test(rule('format', messages.format, (trimmed) => format.test(trimmed)))
    .test(rule('max', messages.max, (trimmed) => charCount(trimmed) <= EMAIL_MAX))
    .test(rule('dotCom', messages.dotCom, (trimmed) => /\.com$/i.test(trimmed) && !trimmed.includes('..')))
    .test(rule('digitStart', messages.digitStart, (trimmed) => !/^[0-9]/.test(trimmed)))
    .test(rule('hyphen', messages.hyphen, (trimmed) => !trimmed.includes('-')))
    .test(rule('spaces', messages.spaces, (trimmed, raw) => trimmed === raw))
}

/** The contact description: required; 26 to 100 characters; no leading or trailing spaces. */
export function descriptionField() {
  return text('Description must be text')
    .required('Description is required')
    .test(rule('blank', 'Description is required', (trimmed) => trimmed !== ''))
    .test(
      rule(
        'min',
        'Description should be at least 26 characters',
        (trimmed) => charCount(trimmed) >= DESCRIPTION_MIN,
      ),
    )
    .test(
      rule(
        'max',
        'Description should not exceed 100 characters',
        (trimmed) => charCount(trimmed) <= DESCRIPTION_MAX,
      ),
    )
    .test(rule('spaces', 'Description should not contain blank spaces', (trimmed, raw) => trimmed === raw))
}

/** The contact form: `POST <apiBase>/contactinformations`. */
export const contactSchema = object({
  name: nameField(),
  email: emailField(),
  description: descriptionField(),
})

/** The contact payload as sent: `{name, email, description}`, trimmed. */
export type ContactPayload = InferType<typeof contactSchema>
