/**
 * Runs a form schema the same way in the browser (on every keystroke) and in the intake server
 * (on every request), and turns yup's answer into one message per field.
 *
 * Rules for every form built here:
 * - Fields are validated strictly: nothing is coerced. A number, object or list where text belongs
 *   is a field error (the field's "must be text" message), never a throw. `null` counts as absent.
 * - Only the schema's own fields are read (own properties only); anything else in the input is
 *   ignored and never reaches the cleaned payload.
 * - When several rules fail for one field, the first in the schema's declaration order speaks. The
 *   form modules declare their rules in the spec's order, so this is the spec's order.
 * - The cleaned payload holds each field trimmed; fields that are empty after trimming are left out
 *   (optional fields only: required ones cannot be empty once valid).
 */
import { type AnyObjectSchema, type InferType, string, type TestConfig, ValidationError } from 'yup'

/** One message per invalid field, keyed by field name, in the form's field order. */
export type FormErrors = Record<string, string>

/** The outcome of validating a form: the cleaned payload, or one message per invalid field. */
export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FormErrors }

const OPTIONS = { strict: true, abortEarly: false, disableStackTrace: true } as const

/**
 * Validates `values` (anything: form state or a parsed request body) against a form schema.
 * Resolves, never rejects, for any input; rejects only if the schema itself is broken.
 */
export async function validateForm<S extends AnyObjectSchema>(
  schema: S,
  values: unknown,
): Promise<FormResult<InferType<S>>> {
  const input = pick(schema, values)
  try {
    await schema.validate(input, OPTIONS)
  } catch (error) {
    return failure(schema, error)
  }
  return { ok: true, value: clean(input) as InferType<S> }
}

/**
 * The synchronous twin of {@link validateForm}, for validating on every keystroke. Every rule in
 * this folder is synchronous, so both give the same answer.
 */
export function validateFormSync<S extends AnyObjectSchema>(
  schema: S,
  values: unknown,
): FormResult<InferType<S>> {
  const input = pick(schema, values)
  try {
    schema.validateSync(input, OPTIONS)
  } catch (error) {
    return failure(schema, error)
  }
  return { ok: true, value: clean(input) as InferType<S> }
}

/**
 * A text field that accepts only real strings; `typeMessage` is what a non-string gets. Browsers
 * always send strings, so only a hostile or broken client ever sees that message.
 */
export function text(typeMessage: string) {
  return string().strict().typeError(typeMessage)
}

/**
 * One named rule for a text field. `check` gets the value trimmed and as typed; it runs only on a
 * present string (absence and wrong types are reported before any rule runs).
 */
export function rule(
  name: string,
  message: string,
  check: (trimmed: string, raw: string) => boolean,
): TestConfig<string | undefined> {
  return {
    name,
    message,
    skipAbsent: true,
    // Stryker disable next-line ConditionalExpression: yup's type check stops other values first; only
    // a String object gets past it, and JSON and form state never hold one.
    test: (value) => typeof value !== 'string' || check(value.trim(), value),
  }
}

/** Number of characters (code points, so an emoji or a Devanagari letter counts once). */
export function charCount(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

/** The schema's fields, in declaration order. */
function fieldNames(schema: AnyObjectSchema): string[] {
  return Object.keys(schema.fields)
}

/** A fresh object holding only the schema's fields, read as own properties; `null` becomes absent. */
function pick(schema: AnyObjectSchema, values: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return input
  for (const name of fieldNames(schema)) {
    if (!Object.hasOwn(values, name)) continue
    const value = (values as Record<string, unknown>)[name]
    if (value !== null && value !== undefined) input[name] = value
  }
  return input
}

/** Trims every field; drops the ones that end up empty. Only called on valid input (all strings). */
function clean(input: Record<string, unknown>): Record<string, unknown> {
  const value: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(input)) {
    const trimmed = typeof raw === 'string' ? raw.trim() : raw
    if (trimmed !== '') value[name] = trimmed
  }
  return value
}

/** Keeps, per field, the error of the rule declared first; fields come out in declaration order. */
function failure(schema: AnyObjectSchema, error: unknown): { ok: false; errors: FormErrors } {
  if (!ValidationError.isError(error)) throw error
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArrayDeclaration: with abortEarly
  // off (OPTIONS) yup always throws an aggregate whose `inner` holds every error; [error] is for abortEarly.
  const found = error.inner.length > 0 ? error.inner : [error]
  const errors: FormErrors = {}
  for (const name of fieldNames(schema)) {
    const order = ruleOrder(schema, name)
    let best: { rank: number; message: string } | undefined
    for (const item of found) {
      if (item.path !== name) continue
      // Type, presence and one-of checks are not in the rule list; they run before any rule
      // and stop it, so they rank first.
      const rank = order.indexOf(item.type ?? '')
      if (best === undefined || rank < best.rank) best = { rank, message: item.message }
    }
    if (best !== undefined) errors[name] = best.message
  }
  return { ok: false, errors }
}

const orders = new WeakMap<AnyObjectSchema, Map<string, string[]>>()

/** The names of a field's rules in declaration order (cached per schema). */
function ruleOrder(schema: AnyObjectSchema, field: string): string[] {
  let byField = orders.get(schema)
  if (byField === undefined) {
    byField = new Map()
    const described = schema.describe()
    for (const [name, description] of Object.entries(described.fields)) {
      const tests = 'tests' in description ? description.tests : []
      byField.set(
        name,
        tests.map((test) => test.name ?? ''),
      )
    }
    orders.set(schema, byField)
  }
  return byField.get(field) ?? []
}
