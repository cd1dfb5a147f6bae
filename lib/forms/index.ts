/**
 * The form rules shared by the browser forms and the intake server. Import from here:
 * `import { contactSchema, validateForm } from '../lib/forms/index.ts'`.
 */
export * from './contact.ts'
export * from './enquiry.ts'
export * from './fields.ts'
export * from './validate.ts'
export * from './warranty.ts'
