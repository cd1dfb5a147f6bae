import { describe, expect, it } from 'vitest'
import { object } from 'yup'
import { contactSchema } from './contact.ts'
import { enquiryPayloadSchema, enquirySchema } from './enquiry.ts'
import { charCount, rule, text, validateForm, validateFormSync } from './validate.ts'
import { warrantySchema } from './warranty.ts'

const schemas = {
  contact: contactSchema,
  enquiry: enquirySchema,
  'enquiry payload': enquiryPayloadSchema(['szephyr']),
  warranty: warrantySchema(['szephyr']),
}

/** What a hostile or broken client may put where text belongs. */
const notText: [string, unknown][] = [
  ['a number', 9876543210],
  ['a boolean', true],
  ['an object', { first: 'Ravi' }],
  ['an object whose toString is not a function', { toString: 1 }],
  ['a list', ['Ravi']],
]

/** The "must be text" message of each field. */
const typeMessages: Record<string, string> = {
  name: 'Name must be text',
  email: 'Email must be text',
  description: 'Description must be text',
  phone: 'Phone must be text',
  company_name: 'Company name must be text',
  company_gst: 'Company GST must be text',
  product_name: 'Unknown product',
  product: 'Choose your product',
  serial_number: 'Serial number must be text',
  purchase_date: 'Purchase date must be text',
  invoice_number: 'Invoice number must be text',
}

describe('hostile input', () => {
  const cases = Object.entries(schemas).flatMap(([form, schema]) =>
    Object.keys(schema.fields).flatMap((field) =>
      notText.map(([kind, value]) => ({ form, schema, field, kind, value })),
    ),
  )

  it.each(cases)('$form $field as $kind is a field error, not a throw', async ({ schema, field, value }) => {
    const values = Object.fromEntries(Object.keys(schema.fields).map((name) => [name, value]))
    const expected = typeMessages[field]
    expect(expected).toBeDefined()
    const async = await validateForm(schema, values)
    expect(async.ok).toBe(false)
    expect(async.ok ? undefined : async.errors[field]).toBe(expected)
    expect(validateFormSync(schema, values)).toEqual(async)
  })

  it.each([
    ['a string', 'name=Ravi'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a list', [{ name: 'Ravi Kumar' }]],
  ])('treats a body that is %s as an empty form', async (_case, body) => {
    expect(await validateForm(contactSchema, body)).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        email: 'Email is required',
        description: 'Description is required',
      },
    })
  })

  it('reads own fields only and never copies anything else', async () => {
    const inherited = Object.create({ name: 'Ravi Kumar' }) as Record<string, unknown>
    inherited.email = 'ravi@example.com'
    inherited.description = 'x'.repeat(30)
    expect(await validateForm(contactSchema, inherited)).toEqual({
      ok: false,
      errors: { name: 'Name is required' },
    })

    const body = JSON.parse(
      '{"name":"Ravi Kumar","email":"ravi@example.com","description":"Please call me about a demo.","__proto__":{"admin":true},"role":"admin"}',
    ) as unknown
    const result = await validateForm(contactSchema, body)
    expect(result).toEqual({
      ok: true,
      value: { name: 'Ravi Kumar', email: 'ravi@example.com', description: 'Please call me about a demo.' },
    })
    expect(Object.getPrototypeOf(result.ok ? result.value : null)).toBe(Object.prototype)
  })

  it('answers a megabyte-long field with its length message', async () => {
    const huge = 'a'.repeat(1_000_000)
    expect(
      await validateForm(enquirySchema, {
        name: 'Ravi',
        email: 'ravi@example.com',
        phone: '9876543210',
        description: huge,
      }),
    ).toEqual({
      ok: false,
      errors: { description: 'Description should not exceed 1000 characters' },
    })
    expect(
      await validateForm(contactSchema, { name: huge, email: `${huge}@x.com`, description: huge }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Name should not exceed 30 characters',
        email: 'Email should not exceed 36 characters',
        description: 'Description should not exceed 100 characters',
      },
    })
  })
})

describe('first failing rule speaks', () => {
  // Declared order decides, whatever order yup reports the errors in.
  const ordered = object({
    code: text('Code must be text')
      .test(rule('first', 'first rule', (value) => value.length > 5))
      .test(rule('second', 'second rule', (value) => /^[0-9]*$/.test(value)))
      .test(rule('third', 'third rule', () => false)),
  })

  it.each([
    ['abc', 'first rule'],
    ['abcdefg', 'second rule'],
    ['1234567', 'third rule'],
  ])('%j → %s', async (code, message) => {
    expect(await validateForm(ordered, { code })).toEqual({ ok: false, errors: { code: message } })
    expect(validateFormSync(ordered, { code })).toEqual({ ok: false, errors: { code: message } })
  })

  it('even when a slower rule declared first reports after a later one', async () => {
    const slowFirst = object({
      code: text('Code must be text')
        .test('slow', 'slow first rule', async () => {
          await new Promise((resolve) => setTimeout(resolve, 5))
          return false
        })
        .test(rule('fast', 'fast second rule', () => false)),
    })
    expect(await validateForm(slowFirst, { code: 'x' })).toEqual({
      ok: false,
      errors: { code: 'slow first rule' },
    })
  })
  it('places a check declared without a name where it was declared, like a named rule', async () => {
    const unnamed = { message: 'unnamed check', test: () => false }
    const named = rule('named', 'named rule', () => false)
    const namedFirst = object({ code: text('Code must be text').test(named).test(unnamed) })
    const unnamedFirst = object({ code: text('Code must be text').test(unnamed).test(named) })
    for (const [schema, message] of [
      [namedFirst, 'named rule'],
      [unnamedFirst, 'unnamed check'],
    ] as const) {
      expect(await validateForm(schema, { code: 'x' })).toEqual({ ok: false, errors: { code: message } })
      expect(validateFormSync(schema, { code: 'x' })).toEqual({ ok: false, errors: { code: message } })
    }
  })

  it('answers a value that is not text with the type message, not the list of choices', async () => {
    const size = object({
      size: text('Size must be text').oneOf(['small', 'large'], 'Choose small or large'),
    })
    for (const [value, message] of [
      [42, 'Size must be text'],
      [['small'], 'Size must be text'],
      ['medium', 'Choose small or large'],
    ] as const) {
      expect(await validateForm(size, { size: value })).toEqual({ ok: false, errors: { size: message } })
      expect(validateFormSync(size, { size: value })).toEqual({ ok: false, errors: { size: message } })
    }
  })
})

describe('the cleaned payload', () => {
  it('leaves out an optional field that is undefined or null, as it leaves out one left blank', async () => {
    // Form state in the browser: fields never touched may be undefined.
    const values = {
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '9876543210',
      company_name: undefined,
      company_gst: null,
      description: '   ',
    }
    for (const result of [
      await validateForm(enquirySchema, values),
      validateFormSync(enquirySchema, values),
    ]) {
      expect(result.ok).toBe(true)
      expect(Object.keys(result.ok ? result.value : {})).toEqual(['name', 'email', 'phone'])
    }
  })
})

describe('a broken schema', () => {
  it('rejects instead of reporting a field error', async () => {
    const broken = object({
      code: text('Code must be text').test('boom', 'never shown', () => {
        throw new TypeError('bug in a rule')
      }),
    })
    await expect(validateForm(broken, { code: 'x' })).rejects.toThrow('bug in a rule')
    expect(() => validateFormSync(broken, { code: 'x' })).toThrow('bug in a rule')
  })
})

describe('charCount', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['José', 4],
    ['😀😀', 2],
    ['प्रिया', 6],
  ])('%j has %i characters', (value, count) => {
    expect(charCount(value)).toBe(count)
  })
})
