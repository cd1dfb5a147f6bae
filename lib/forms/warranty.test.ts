import { describe, expect, it } from 'vitest'
import { warrantyFields } from './fields.ts'
import { validateForm, validateFormSync } from './validate.ts'
import { isIsoDate, latestToday, warrantySchema } from './warranty.ts'

// 12:00 UTC on 15 June 2025: already 16 June in UTC+14, still 15 June everywhere west of UTC+12.
const NOW = new Date('2025-06-15T12:00:00Z')
// Made in each test, not once per file: the rules are made when the schema is.
const form = () => warrantySchema(['szephyr', 'smampmax'], { now: () => NOW })

const valid = {
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phone: '9876543210',
  product: 'szephyr',
  serial_number: 'SZ-2025-00042',
  purchase_date: '2025-03-01',
}

const ABSENT = Symbol('absent')

function withField(field: string, value: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = { ...valid }
  if (value === ABSENT) delete values[field]
  else values[field] = value
  return values
}

async function expectOnly(field: string, value: unknown, message: string) {
  const expected = { ok: false, errors: { [field]: message } }
  expect(validateFormSync(form(), withField(field, value))).toEqual(expected)
  expect(await validateForm(form(), withField(field, value))).toEqual(expected)
}

async function expectValid(field: string, value: unknown) {
  expect(await validateForm(form(), withField(field, value))).toMatchObject({ ok: true })
}

describe('warranty rules', () => {
  it.each([
    // Who: the contact form's name and email rules and messages, the enquiry's phone rule.
    ['name', '   ', 'Name is required'],
    ['name', 'R2D2', 'Name should not contain numbers and symbols'],
    ['name', 'A'.repeat(31), 'Name should not exceed 30 characters'],
    ['email', ABSENT, 'Email is required'],
    ['email', `${'a'.repeat(31)}@x.com`, 'Email should not exceed 36 characters'],
    ['email', '1ravi@example.com', 'Email should not start with a number'],
    ['email', ' ravi@example.com', 'Email should not contain blank spaces'],
    ['phone', ABSENT, 'Phone is required'],
    ['phone', '12345', 'Phone must be 10 digits'],
    // Which product.
    ['product', ABSENT, 'Choose your product'],
    ['product', '', 'Choose your product'],
    ['product', 'smazer', 'Choose your product'],
    ['product', 'SZEPHYR', 'Choose your product'],
    ['product', 7, 'Choose your product'],
    // Serial number.
    ['serial_number', ABSENT, 'Serial number is required'],
    ['serial_number', '  ', 'Serial number is required'],
    ['serial_number', 'SZ1', 'Serial number should be 4 to 40 letters, digits or hyphens'],
    ['serial_number', 'S'.repeat(41), 'Serial number should be 4 to 40 letters, digits or hyphens'],
    ['serial_number', 'SZ 2025', 'Serial number should be 4 to 40 letters, digits or hyphens'],
    ['serial_number', 'SZ_2025', 'Serial number should be 4 to 40 letters, digits or hyphens'],
    ['serial_number', 'SZ/2025', 'Serial number should be 4 to 40 letters, digits or hyphens'],
    ['serial_number', 42, 'Serial number must be text'],
    // Purchase date.
    ['purchase_date', ABSENT, 'Purchase date is required'],
    ['purchase_date', ' ', 'Purchase date is required'],
    ['purchase_date', 20250301, 'Purchase date must be text'],
    ['purchase_date', '01/03/2025', 'Purchase date should be a date written YYYY-MM-DD'],
    ['purchase_date', '2025-3-1', 'Purchase date should be a date written YYYY-MM-DD'],
    ['purchase_date', '2023-02-29', 'Purchase date should be a date written YYYY-MM-DD'],
    ['purchase_date', '2025-04-31', 'Purchase date should be a date written YYYY-MM-DD'],
    ['purchase_date', '2025-06-15T10:00', 'Purchase date should be a date written YYYY-MM-DD'],
    ['purchase_date', '2025-06-17', 'Purchase date cannot be in the future'],
    ['purchase_date', '2099-01-01', 'Purchase date cannot be in the future'],
    ['purchase_date', '2014-12-31', 'Purchase date cannot be before 2015-01-01'],
    // Precedence: an impossible future date is a format problem first.
    ['purchase_date', '2099-13-01', 'Purchase date should be a date written YYYY-MM-DD'],
    // Invoice number.
    ['invoice_number', 'I'.repeat(41), 'Invoice number should not exceed 40 characters'],
    ['invoice_number', 77, 'Invoice number must be text'],
  ])('%s %j → %s', async (field, value, message) => {
    await expectOnly(field, value, message)
  })

  it.each([
    ['serial_number', 'SZ01'],
    ['serial_number', 'S'.repeat(40)],
    ['serial_number', 'sz-2025-abc'],
    ['purchase_date', '2015-01-01'],
    ['purchase_date', '2024-02-29'],
    // Today in the buyer's zone is fine even where it is already tomorrow for the server.
    ['purchase_date', '2025-06-15'],
    ['purchase_date', '2025-06-16'],
    ['product', 'smampmax'],
    ['invoice_number', 'I'.repeat(40)],
    ['invoice_number', ''],
  ])('%s accepts %j', async (field, value) => {
    await expectValid(field, value)
  })

  it('accepts only the products it was given', async () => {
    const none = warrantySchema([], { now: () => NOW })
    expect(await validateForm(none, valid)).toEqual({ ok: false, errors: { product: 'Choose your product' } })
  })

  it('reads the clock when no clock is given', async () => {
    const live = warrantySchema(['szephyr'])
    const today = new Date().toISOString().slice(0, 10)
    expect(await validateForm(live, { ...valid, purchase_date: today })).toMatchObject({ ok: true })
    expect(await validateForm(live, { ...valid, purchase_date: '2999-01-01' })).toEqual({
      ok: false,
      errors: { purchase_date: 'Purchase date cannot be in the future' },
    })
  })
})

describe('warranty form', () => {
  it('lists its fields in screen order, the same as the schema', () => {
    expect(Object.keys(form().fields)).toEqual([...warrantyFields])
  })

  it('cleans the payload: trimmed, invoice number only when given', async () => {
    const typed = {
      ...valid,
      serial_number: ' SZ-2025-00042 ',
      purchase_date: '2025-03-01 ',
      invoice_number: '  ',
    }
    expect(await validateForm(form(), typed)).toEqual({ ok: true, value: valid })
    expect(await validateForm(form(), { ...valid, invoice_number: ' INV-77 ' })).toEqual({
      ok: true,
      value: { ...valid, invoice_number: 'INV-77' },
    })
  })
})

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-28', true],
    ['2023-02-29', false],
    ['2025-12-31', true],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2025-1-01', false],
    ['20250101', false],
    ['', false],
    // Years below 100 are years, not 1900 + year (Date.UTC's reading).
    ['0099-12-31', true],
    ['0096-02-29', true],
    ['0099-02-29', false],
  ])('%j → %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected)
  })
})

describe('latestToday', () => {
  it.each([
    ['2025-06-15T09:59:59Z', '2025-06-15'],
    ['2025-06-15T10:00:00Z', '2025-06-16'],
    ['2025-12-31T23:00:00Z', '2026-01-01'],
  ])('at %s it is %s somewhere', (now, expected) => {
    expect(latestToday(new Date(now))).toBe(expected)
  })
})
