/**
 * The three forms' rules as the browser runs them: the shared yup schemas of `lib/forms` (the intake
 * server runs the same ones), checked synchronously on every change. This module and yup with it
 * form their own chunk, fetched by {@link loadRules} when the visitor's pointer reaches a form or they first
 * focus it (or submit it), so a form page paints and hydrates without them.
 */
import {
  type ContactPayload,
  contactSchema,
  type EnquiryFormValues,
  enquirySchema,
  type FormResult,
  validateFormSync,
  type WarrantyPayload,
  warrantySchema,
} from '../../lib/forms/index.ts'

type Check<P> = (values: Record<string, string>) => FormResult<P>

export const validateContact: Check<ContactPayload> = (values) => validateFormSync(contactSchema, values)

export const validateEnquiry: Check<EnquiryFormValues> = (values) => validateFormSync(enquirySchema, values)

/** The warranty rules for this product list (the server's comes from the content, the same list). */
export function warrantyRules(products: readonly string[]): Check<WarrantyPayload> {
  const warranty = warrantySchema(products)
  return (values) => validateFormSync(warranty, values)
}
