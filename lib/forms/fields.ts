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
