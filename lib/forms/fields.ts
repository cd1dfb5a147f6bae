/**
 * What a form screen needs before any rule runs: each form's fields in screen order and the limits
 * its hints show. Nothing here imports yup, so a form page can render and hydrate with these alone
 * and fetch the rules (`./index.ts`) when the visitor starts filling the form in.
 */

/** The contact form's fields in screen order (focus goes to the first invalid one). */
export const contactFields = ['name', 'email', 'description'] as const

/** Shortest and longest contact description, counted without edge spaces. */
export const DESCRIPTION_MIN = 26
export const DESCRIPTION_MAX = 100

/** The enquiry form's fields in screen order (focus goes to the first invalid one). */
export const enquiryFields = ['name', 'email', 'phone', 'company_name', 'company_gst', 'description'] as const

/** The warranty form's fields in screen order (focus goes to the first invalid one). */
export const warrantyFields = [
  'name',
  'email',
  'phone',
  'product',
  'serial_number',
  'purchase_date',
  'invoice_number',
] as const

/** The first purchase date accepted (ISO date); nothing older is still under warranty. */
export const EARLIEST_PURCHASE_DATE = '2015-01-01'

/**
 * What a visitor reads for each field, the same in the browser's forms and in the pages the intake
 * server answers a form sent without JavaScript (server/form-page.ts).
 */
export const FIELD_LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone Number',
  company_name: 'Company Name',
  company_gst: 'Company Gst',
  description: 'Description',
  product: 'Product',
  serial_number: 'Serial Number',
  purchase_date: 'Purchase Date',
  invoice_number: 'Invoice Number',
} as const

/** A field of a form, as the server's answer page shows it again. */
export interface FieldOutline {
  name: keyof typeof FIELD_LABELS
  required: boolean
  /** How it is typed: one line (the default), several lines, one of the products, a date. */
  kind?: 'textarea' | 'product' | 'date'
}

const outline = (names: readonly (keyof typeof FIELD_LABELS)[], required: readonly string[]) =>
  names.map(
    (name): FieldOutline => ({
      name,
      required: required.includes(name),
      ...(name === 'description' ? { kind: 'textarea' as const } : {}),
      ...(name === 'product' ? { kind: 'product' as const } : {}),
      ...(name === 'purchase_date' ? { kind: 'date' as const } : {}),
    }),
  )

/** Each form's fields in screen order, with what is required (the rules in ./index.ts decide). */
export const FORM_OUTLINES = {
  contact: outline(contactFields, ['name', 'email', 'description']),
  enquiry: outline(enquiryFields, ['name', 'email', 'phone']),
  warranty: outline(warrantyFields, ['name', 'email', 'phone', 'product', 'serial_number', 'purchase_date']),
} as const
