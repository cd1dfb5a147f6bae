/**
 * The warranty activation form (`/productregistration`, `POST <apiBase>/warrantyregistration`). The
 * spec shows no fields, so these are what a buyer registering a product expects to give: who they
 * are (the contact form's name and email rules, the enquiry's phone rule), which product, its
 * serial number, when it was bought, and optionally the invoice number.
 */
import { type InferType, object } from 'yup'
import { emailField, nameField } from './contact.ts'
import { optionalTextField, phoneField } from './enquiry.ts'
import { EARLIEST_PURCHASE_DATE } from './fields.ts'
import { rule, text } from './validate.ts'

/** Longest invoice number. */
export const INVOICE_NUMBER_MAX = 40

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar date written YYYY-MM-DD (so 2023-02-29 is false). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (match === null) return false
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  // setUTCFullYear, not Date.UTC: that reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  // Stryker disable next-line ConditionalExpression,LogicalOperator: any two of the three comparisons
  // already catch every overflow (checked on every MM-DD from 00 to 99 in years 0000 to 9999).
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The latest date that is "today" somewhere on Earth (UTC+14), as YYYY-MM-DD. A purchase made today
 * in the buyer's time zone is never "in the future", whatever the clock of the server checking it.
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** Options of {@link warrantySchema}. */
export interface WarrantySchemaOptions {
  /** The current time; tests pin it. Defaults to the clock. */
  now?: () => Date
}

/**
 * The warranty activation form for the given product slugs (the product list comes from content,
 * so the browser and the server pass the same list).
 */
export function warrantySchema(productSlugs: readonly string[], options: WarrantySchemaOptions = {}) {
  const now = options.now ?? (() => new Date())
  return object({
    name: nameField(),
    email: emailField(),
    phone: phoneField(),
    product: text('Choose your product')
      .required('Choose your product')
      .oneOf(productSlugs, 'Choose your product'),
    serial_number: text('Serial number must be text')
      .required('Serial number is required')
      .test(rule('blank', 'Serial number is required', (trimmed) => trimmed !== ''))
      .test(
        rule('format', 'Serial number should be 4 to 40 letters, digits or hyphens', (trimmed) =>
          /^[A-Za-z0-9-]{4,40}$/.test(trimmed),
        ),
      ),
    purchase_date: text('Purchase date must be text')
      .required('Purchase date is required')
      .test(rule('blank', 'Purchase date is required', (trimmed) => trimmed !== ''))
      .test(
        rule('format', 'Purchase date should be a date written YYYY-MM-DD', (trimmed) => isIsoDate(trimmed)),
      )
      .test(
        rule('future', 'Purchase date cannot be in the future', (trimmed) => trimmed <= latestToday(now())),
      )
      .test(
        rule(
          'earliest',
          `Purchase date cannot be before ${EARLIEST_PURCHASE_DATE}`,
          (trimmed) => trimmed >= EARLIEST_PURCHASE_DATE,
        ),
      ),
    invoice_number: optionalTextField('Invoice number', INVOICE_NUMBER_MAX),
  })
}

/** The warranty activation payload as sent; `invoice_number` only when given. */
export type WarrantyPayload = InferType<ReturnType<typeof warrantySchema>>
