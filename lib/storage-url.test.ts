import { describe, expect, it } from 'vitest'
import { publishedBrochure, storageUrl } from './storage-url.ts'

const ORIGIN = 'https://www.example.com'

describe('storageUrl with a same-origin path base', () => {
  const allowed = (url: string) => storageUrl(url, '/storage', ORIGIN)?.href ?? null

  it.each([
    ['/storage/brochures/UHF.pdf', 'https://www.example.com/storage/brochures/UHF.pdf'],
    [
      'https://www.example.com/storage/brochures/UHF.pdf',
      'https://www.example.com/storage/brochures/UHF.pdf',
    ],
  ])('allows %s', (url, href) => expect(allowed(url)).toBe(href))

  it.each([
    ['another origin', 'https://evil.example/storage/brochures/UHF.pdf'],
    ['a protocol-relative address', '//evil.example/storage/x.pdf'],
    ['a sibling folder sharing the prefix', '/storage-evil/x.pdf'],
    ['a path that climbs out', '/storage/../admin/x.pdf'],
    ['an encoded climb', '/storage/%2e%2e/admin/x.pdf'],
    ['the base itself', '/storage/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:application/pdf;base64,AAAA'],
    ['credentials in the address', 'https://user:pw@www.example.com/storage/x.pdf'],
    ['a user name alone in the address', 'https://user@www.example.com/storage/x.pdf'],
    ['a password alone in the address', 'https://:pw@www.example.com/storage/x.pdf'],
    ['an address that cannot be parsed', 'https://[www.example.com/storage/x.pdf'],
    ['a backslash', '/storage\\..\\x.pdf'],
    ['an encoded slash that climbs out on the server', '/storage/x%2f..%2f..%2fadmin%2fx.pdf'],
    ['an upper-case encoded slash', '/storage/x%2F..%2Fy.pdf'],
    ['a file that is not a PDF', '/storage/brochures/page.html'],
    ['a PDF name with a query-looking tail', '/storage/x.pdf.html'],
    ['plain http on an https site', 'http://www.example.com/storage/x.pdf'],
    ['nothing', ''],
  ])('refuses %s', (_what, url) => expect(allowed(url)).toBeNull())
})

describe('storageUrl with an http(s) base', () => {
  const base = 'https://cdn.example.net/files/storage'
  const allowed = (url: string) => storageUrl(url, base, ORIGIN)?.href ?? null

  it('allows a file under the base', () => {
    expect(allowed('https://cdn.example.net/files/storage/brochures/UHF.pdf')).toBe(
      'https://cdn.example.net/files/storage/brochures/UHF.pdf',
    )
  })

  it.each([
    ['the site origin', '/files/storage/brochures/UHF.pdf'],
    ['a look-alike host', 'https://cdn.example.net.evil.example/files/storage/x.pdf'],
    ['a host with the base as user name', 'https://cdn.example.net@evil.example/files/storage/x.pdf'],
    ['another port', 'https://cdn.example.net:8443/files/storage/x.pdf'],
    ['a prefix trick', 'https://cdn.example.net/files/storage-evil/x.pdf'],
  ])('refuses %s', (_what, url) => expect(allowed(url)).toBeNull())
})

describe('storageUrl with a plain http base (a local or internal file server)', () => {
  it('allows an http file under the base and refuses the same path over https', () => {
    const base = 'http://files.internal/storage'
    expect(storageUrl('http://files.internal/storage/x.pdf', base, ORIGIN)?.href).toBe(
      'http://files.internal/storage/x.pdf',
    )
    expect(storageUrl('https://files.internal/storage/x.pdf', base, ORIGIN)).toBeNull()
  })
})

describe('storageUrl with a base that is not a web address', () => {
  it.each([
    ['an ftp base', 'ftp://files.example/storage', 'ftp://files.example/storage/x.pdf'],
    ['a file base', 'file:///srv/storage', 'file:///srv/storage/x.pdf'],
  ])('gives no link for %s, even to a file under it', (_what, base, url) => {
    expect(storageUrl(url, base, ORIGIN)).toBeNull()
  })

  it('gives no link when the base cannot be parsed', () => {
    expect(storageUrl('/storage/x.pdf', 'https://[bad', ORIGIN)).toBeNull()
  })
})

describe('publishedBrochure (issue #47)', () => {
  const brochures = [
    { file: '/storage/brochures/UHF.pdf', title: 'UHF Radio Modem' },
    { file: '/storage/brochures/EmbeddedPC.pdf', title: 'Embedded PC' },
  ]
  const named = (url: string) => publishedBrochure(url, '/storage', ORIGIN, brochures)?.title ?? null

  it.each([
    ['/storage/brochures/UHF.pdf', 'UHF Radio Modem'],
    ['https://www.example.com/storage/brochures/EmbeddedPC.pdf', 'Embedded PC'],
  ])('names %s by its title', (url, title) => expect(named(url)).toBe(title))

  it.each([
    [
      'any text under the storage base',
      '/storage/brochures/URGENT: your warranty expired, call +1 555 0100.pdf',
    ],
    ['a file the content does not name', '/storage/brochures/Other.pdf'],
    ['a brochure in another folder', '/storage/UHF.pdf'],
    ['a brochure with a query', '/storage/brochures/UHF.pdf?x=1'],
    ['a brochure elsewhere', 'https://evil.example/storage/brochures/UHF.pdf'],
  ])('refuses %s', (_what, url) => expect(named(url)).toBeNull())
})
