// The three intake endpoints as the API builds them, made inside each test (a planted bug in
// intakeForms is switched on after beforeAll and describe bodies ran; docs/testing.md).
import { describe, expect, it } from 'vitest'
import { SLUGS, VALID } from '../tests/server-fixtures.ts'
import { intakeForms, isHoneypotFilled } from './forms.ts'

const formAt = (path: string) => {
  const form = intakeForms(SLUGS).find((f) => `/api${f.path}` === path)
  if (!form) throw new Error(`no form at ${path}`)
  return form
}

describe('intakeForms', () => {
  it('has one endpoint per form, each storing its own kind', () => {
    expect(intakeForms(SLUGS).map((f) => [f.path, f.kind])).toEqual([
      ['/contactinformations', 'contact'],
      ['/productregistration', 'enquiry'],
      ['/warrantyregistration', 'warranty'],
    ])
  })

  it.each([
    ['/api/contactinformations', null],
    ['/api/productregistration', 'szephyr'],
    ['/api/warrantyregistration', 'smazer'],
  ] as const)('%s accepts its valid body and files it under the product %s', async (path, product) => {
    const form = formAt(path)
    const result = await form.validate(VALID[path])
    expect(result).toEqual({ ok: true, value: VALID[path] })
    expect(form.product(VALID[path])).toBe(product)
  })

  it('checks the warranty form with the warranty rules and the catalogue', async () => {
    const result = await formAt('/api/warrantyregistration').validate({
      ...VALID['/api/warrantyregistration'],
      product: 'not-in-catalogue',
      serial_number: '',
    })
    expect(result).toEqual({
      ok: false,
      errors: { product: 'Choose your product', serial_number: 'Serial number is required' },
    })
  })

  it('files a payload without a product slug under no product', () => {
    expect(formAt('/api/contactinformations').product({ product: 'szephyr' })).toBeNull()
    expect(formAt('/api/productregistration').product({ name: 'Ravi Kumar' })).toBeNull()
    expect(formAt('/api/warrantyregistration').product({ product: 42 })).toBeNull()
  })
})

describe('isHoneypotFilled', () => {
  it.each([
    ['no body', undefined],
    ['a null body', null],
    ['a text body', 'website'],
    ['no honeypot field', { name: 'Asha Rao' }],
    ['an empty honeypot', { website: '' }],
    ['a null honeypot', { website: null }],
    ['an unticked honeypot', { website: false }],
    ['an undefined honeypot', { website: undefined }],
  ])('is not spam for %s', (_what, body) => {
    expect(isHoneypotFilled(body)).toBe(false)
  })

  it.each([
    ['a URL', { website: 'http://spam.example' }],
    ['a ticked box', { website: true }],
    ['a number', { website: 0 }],
    ['a list', { website: [] }],
  ])('is spam for %s', (_what, body) => {
    expect(isHoneypotFilled(body)).toBe(true)
  })
})
