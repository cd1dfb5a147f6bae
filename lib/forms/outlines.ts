/**
 * Each form's fields as the intake server's answer page shows them again (server/form-page.ts): the
 * order, what is required, how each is typed. Not imported by the browser's forms, which lay their
 * fields out themselves with the same labels (FIELD_LABELS).
 */
import { contactFields, enquiryFields, type FIELD_LABELS, warrantyFields } from './fields.ts'

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
