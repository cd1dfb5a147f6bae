import { describe, expect, it } from 'vitest'
import { object } from 'yup'
import { contactSchema, emailField, nameField } from './contact.ts'
import { contactFields } from './fields.ts'
import { validateForm, validateFormSync } from './validate.ts'

const valid = {
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.com',
  description: 'Please call me about a demo.',
}

const ABSENT = Symbol('absent')

/** The form with one field replaced (or removed). */
function withField(field: string, value: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = { ...valid }
  if (value === ABSENT) delete values[field]
  else values[field] = value
  return values
}

/** Asserts that exactly `field` fails, with `message`, both sync and async. */
async function expectOnly(field: string, value: unknown, message: string) {
  const expected = { ok: false, errors: { [field]: message } }
  expect(validateFormSync(contactSchema, withField(field, value))).toEqual(expected)
  expect(await validateForm(contactSchema, withField(field, value))).toEqual(expected)
}

async function expectValid(field: string, value: unknown) {
  const result = await validateForm(contactSchema, withField(field, value))
  expect(result).toMatchObject({ ok: true })
}

describe('contact name', () => {
  it.each([
    ['absent', ABSENT, 'Name is required'],
    ['null', null, 'Name is required'],
    ['empty', '', 'Name is required'],
    ['spaces only', '   ', 'Name is required'],
    ['digits', 'R2D2', 'Name should not contain numbers and symbols'],
    ['underscore', 'Ravi_Kumar', 'Name should not contain numbers and symbols'],
    ['apostrophe', "D'Souza", 'Name should not contain numbers and symbols'],
    ['tab inside', 'Ravi\tKumar', 'Name should not contain numbers and symbols'],
    ['consecutive spaces', 'Ravi  Kumar', 'Name should not contain consecutive spaces.'],
    ['two letters', 'Ab', 'Name should be at least 3 characters'],
    ['two letters padded to 4', ' Ab ', 'Name should be at least 3 characters'],
    ['31 letters', 'A'.repeat(31), 'Name should not exceed 30 characters'],
    // Precedence: the first failing rule in the spec's order speaks.
    ['symbols before min', 'A1', 'Name should not contain numbers and symbols'],
    ['symbols before consecutive spaces', 'A1  B', 'Name should not contain numbers and symbols'],
    ['symbols before max', '1'.repeat(31), 'Name should not contain numbers and symbols'],
    [
      'consecutive spaces before max',
      `${'A'.repeat(20)}  ${'B'.repeat(20)}`,
      'Name should not contain consecutive spaces.',
    ],
    ['blank before min', ' ', 'Name is required'],
  ])('%s → %s', async (_case, value, message) => {
    await expectOnly('name', value, message)
  })

  it.each([
    ['3 letters', 'Abc'],
    ['30 letters', 'A'.repeat(30)],
    ['30 letters with edge spaces', ` ${'A'.repeat(30)} `],
    ['accented letters', 'José Álvarez'],
    ['Devanagari with vowel signs', 'प्रिया शर्मा'],
  ])('accepts %s', async (_case, value) => {
    await expectValid('name', value)
  })
})

describe('contact email', () => {
  it.each([
    ['absent', ABSENT, 'Email is required'],
    ['empty', '', 'Email is required'],
    ['spaces only', '   ', 'Email is required'],
    ['no at sign', 'ravi.example.com', 'Invalid email address'],
    ['no domain', 'ravi@', 'Invalid email address'],
    ['space inside', 'ravi kumar@example.com', 'Invalid email address'],
    ['37 characters', `${'a'.repeat(31)}@x.com`, 'Email should not exceed 36 characters'],
    ['not .com', 'ravi@example.org', 'Invalid email address'],
    ['.com not at the end', 'ravi@example.com.in', 'Invalid email address'],
    ['consecutive dots', 'ravi..kumar@example.com', 'Invalid email address'],
    ['starts with a digit', '1ravi@example.com', 'Email should not start with a number'],
    ['hyphen', 'ravi-kumar@example.com', 'Invalid email address'],
    ['hyphen in the domain', 'ravi@my-example.com', 'Invalid email address'],
    ['leading space', ' ravi@example.com', 'Email should not contain blank spaces'],
    ['trailing space', 'ravi@example.com ', 'Email should not contain blank spaces'],
    ['trailing newline', 'ravi@example.com\n', 'Email should not contain blank spaces'],
    // Precedence.
    ['max before .com', `${'a'.repeat(40)}@x.org`, 'Email should not exceed 36 characters'],
    ['max before digit', `1${'a'.repeat(40)}@x.com`, 'Email should not exceed 36 characters'],
    ['max before blank spaces', ` ${'a'.repeat(31)}@x.com`, 'Email should not exceed 36 characters'],
    ['.com before digit', '1ravi@example.org', 'Invalid email address'],
    ['digit before hyphen', '1ravi-k@example.com', 'Email should not start with a number'],
    ['digit before blank spaces', ' 1ravi@example.com', 'Email should not start with a number'],
    ['hyphen before blank spaces', ' ravi-k@example.com', 'Invalid email address'],
  ])('%s → %s', async (_case, value, message) => {
    await expectOnly('email', value, message)
  })

  it.each([
    ['36 characters', `${'a'.repeat(30)}@x.com`],
    ['upper-case .COM', 'Ravi@Example.COM'],
    ['plus and underscore', 'ravi_k+site@example.com'],
    ['subdomain', 'ravi@mail.example.com'],
    ['digits after the first character', 'ravi2024@example1.com'],
  ])('accepts %s', async (_case, value) => {
    await expectValid('email', value)
  })
})

describe('contact description', () => {
  it.each([
    ['absent', ABSENT, 'Description is required'],
    ['empty', '', 'Description is required'],
    ['spaces only', '    ', 'Description is required'],
    ['25 characters', 'x'.repeat(25), 'Description should be at least 26 characters'],
    ['101 characters', 'x'.repeat(101), 'Description should not exceed 100 characters'],
    ['leading space', ` ${'x'.repeat(30)}`, 'Description should not contain blank spaces'],
    ['trailing newline', `${'x'.repeat(30)}\n`, 'Description should not contain blank spaces'],
    // Precedence: length is counted without the edge spaces and is checked first.
    ['min before blank spaces', ` ${'x'.repeat(25)}`, 'Description should be at least 26 characters'],
    ['max before blank spaces', `${'x'.repeat(101)} `, 'Description should not exceed 100 characters'],
  ])('%s → %s', async (_case, value, message) => {
    await expectOnly('description', value, message)
  })

  it.each([
    ['26 characters', 'x'.repeat(26)],
    ['100 characters', 'x'.repeat(100)],
    ['100 characters with inner line breaks', `${'x'.repeat(49)}\n\n${'x'.repeat(49)}`],
  ])('accepts %s', async (_case, value) => {
    await expectValid('description', value)
  })
})

// The enquiry and warranty forms reuse these rules: each call makes a fresh rule.
describe('nameField and emailField', () => {
  it('give a value that is not text its own message', () => {
    expect(
      validateFormSync(object({ name: nameField(), email: emailField() }), { name: 7, email: 7 }),
    ).toEqual({
      ok: false,
      errors: { name: 'Name must be text', email: 'Email must be text' },
    })
  })
})

describe('contact form', () => {
  it('lists its fields in screen order, the same as the schema', () => {
    expect(contactFields).toEqual(['name', 'email', 'description'])
    expect(Object.keys(contactSchema.fields)).toEqual([...contactFields])
  })

  it('reports every invalid field at once, in field order', async () => {
    const result = await validateForm(contactSchema, { email: 'x', description: 'short' })
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Invalid email address',
        description: 'Description should be at least 26 characters',
      },
    })
    expect(Object.keys(result.ok ? {} : result.errors)).toEqual(['name', 'email', 'description'])
  })

  it('cleans the payload: trims the name, drops unknown fields', async () => {
    const result = await validateForm(contactSchema, { ...valid, name: ' Ravi Kumar ', admin: true })
    expect(result).toEqual({ ok: true, value: valid })
  })
})
