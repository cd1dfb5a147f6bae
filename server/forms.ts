import {
  contactSchema,
  enquiryPayloadSchema,
  type FormResult,
  validateForm,
  warrantySchema,
} from '../lib/forms/index.ts'
import type { Kind } from './storage.ts'

/** One intake endpoint: its path under the API prefix, what it stores, and how it checks a body. */
export interface IntakeForm {
  kind: Kind
  /** Path under `/api` (../shared/spec/DECISIONS.md, Intake API). */
  path: string
  /** The browser's rules, with the product list from content. */
  validate(body: unknown): Promise<FormResult<Record<string, unknown>>>
  /** The product slug a valid payload is about, or null. */
  product(value: Record<string, unknown>): string | null
}

const slugOf = (field: string) => (value: Record<string, unknown>) =>
  typeof value[field] === 'string' ? (value[field] as string) : null

/**
 * The three forms, with the same schemas the browser uses (lib/forms). Enquiry and warranty accept
 * only the slugs in `productSlugs` (content/catalogue.yaml).
 */
export function intakeForms(productSlugs: readonly string[]): IntakeForm[] {
  const enquiry = enquiryPayloadSchema(productSlugs)
  const warranty = warrantySchema(productSlugs)
  return [
    {
      kind: 'contact',
      path: '/contactinformations',
      validate: (body) => validateForm(contactSchema, body),
      product: () => null,
    },
    {
      kind: 'enquiry',
      path: '/productregistration',
      validate: (body) => validateForm(enquiry, body),
      product: slugOf('product_name'),
    },
    {
      kind: 'warranty',
      path: '/warrantyregistration',
      validate: (body) => validateForm(warranty, body),
      product: slugOf('product'),
    },
  ]
}

/** The honeypot: a field people never see, so a value in it means a bot filled the form. */
export const HONEYPOT_FIELD = 'website'

/** True when the body's honeypot field holds anything but nothing. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, HONEYPOT_FIELD)) return false
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD]
  return !(value === undefined || value === null || value === '' || value === false)
}
