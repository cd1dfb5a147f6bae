import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import { makeSite, type SiteFixture, SLUGS } from '../tests/server-fixtures.ts'
import { readServeFlags } from './serve-options.ts'
import { readServerContent } from './site-config.ts'

let site: SiteFixture

beforeAll(async () => {
  site = await makeSite()
})

afterAll(() => site?.cleanup())

describe('what the server reads from content/', () => {
  it('reads the product slugs and the site origin; SITE_URL wins', async () => {
    expect(await readServerContent(site.content, {})).toMatchObject({
      productSlugs: SLUGS,
      siteOrigin: 'https://www.example.com',
      company: 'Website',
      productNames: { szephyr: 'szephyr', smazer: 'smazer', 'vidyuraksha_2.0': 'vidyuraksha_2.0' },
      notifications: undefined,
    })
    expect(
      (await readServerContent(site.content, { SITE_URL: 'https://shop.example.in/path/' })).siteOrigin,
    ).toBe('https://shop.example.in')
  })

  it('reads stand-in values marked !example as their text, without a warning per value', async () => {
    // The project's own content marks stand-ins with `!example` (docs/releasing.md); every `site serve`
    // printed a YAML warning for each one.
    const warnings: Error[] = []
    const onWarning = (w: Error) => warnings.push(w)
    process.on('warning', onWarning)
    try {
      const content = await readServerContent(path.resolve('content'), {})
      expect(content.company).toBe('Kaveri Electronics')
      expect(content.productNames.szephyr).toBe('SZephyr')
      await new Promise((done) => setImmediate(done))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.map((w) => w.message)).toEqual([])
  })

  it('needs a catalogue', async () => {
    const error = await readServerContent(path.join(site.dir, 'nowhere'), {}).catch((e: unknown) => e)
    expect((error as SiteError).code).toBe('no-catalogue')
  })

  it('reads the company, product names and e-mail recipients, and says what is wrong with them', async () => {
    const siteYaml = path.join(site.content, 'site.yaml')
    await mkdir(path.join(site.content, 'products'), { recursive: true })
    await writeFile(path.join(site.content, 'products', 'szephyr.yaml'), 'name: SZephyr\n')
    await writeFile(
      siteYaml,
      [
        'siteUrl: https://www.example.com',
        'company: Kaveri Electronics',
        'contact:',
        '  email: support@example.com',
        'notifications:',
        '  enquiry: [sales@example.com]',
        '',
      ].join('\n'),
    )
    const content = await readServerContent(site.content, {})
    expect(content.company).toBe('Kaveri Electronics')
    expect(content.productNames.szephyr).toBe('SZephyr')
    expect(content.notifications).toEqual({
      from: 'support@example.com',
      to: { enquiry: ['sales@example.com'] },
    })
    await writeFile(
      siteYaml,
      'siteUrl: https://www.example.com\nnotifications:\n  contact: [not-an-address]\n',
    )
    const error = await readServerContent(site.content, {}).catch((e: unknown) => e)
    expect((error as SiteError).message).toBe(
      'notifications in content/site.yaml: contact[0] is not an e-mail address: "not-an-address".',
    )
    await writeFile(siteYaml, 'siteUrl: https://www.example.com\n')
  })

  it('names a product from its file when it is written as .yml (e-mails showed the bare slug)', async () => {
    await mkdir(path.join(site.content, 'products'), { recursive: true })
    const file = path.join(site.content, 'products', 'smazer.yml')
    await writeFile(file, 'name: SMazer\n')
    try {
      expect((await readServerContent(site.content, {})).productNames.smazer).toBe('SMazer')
    } finally {
      await rm(file)
    }
  })

  it('has no CORS origin without site.yaml and SITE_URL', async () => {
    await rm(path.join(site.content, 'site.yaml'))
    expect((await readServerContent(site.content, {})).siteOrigin).toBeUndefined()
    await writeFile(path.join(site.content, 'site.yaml'), 'siteUrl: https://www.example.com\n')
  })
})

describe('site serve flags', () => {
  it.each([
    [{ port: 'abc' }, '--port must be a whole number from 0 to 65535, not "abc".'],
    [{ port: '70000' }, '--port must be a whole number from 0 to 65535, not "70000".'],
    [{ rateLimit: '-1' }, '--rate-limit must be a whole number from 0 to 1000000, not "-1".'],
    [{ webhook: 'ftp://x' }, '--webhook is not an http(s) URL: "ftp://x".'],
  ])('%j is refused before anything starts', (flags, message) => {
    const read = () =>
      readServeFlags(
        { port: '0', host: '127.0.0.1', rateLimit: '30', root: site.dir, dist: site.dist, ...flags },
        {},
      )
    expect(read).toThrow(SiteError)
    expect(read).toThrow(message)
  })
})

describe('what the server refuses in content/', () => {
  const made: SiteFixture[] = []
  afterAll(async () => {
    for (const fixture of made) await fixture.cleanup()
  })
  /** A content folder of its own, with these files over the fixture's. */
  async function content(files: Record<string, string>): Promise<string> {
    const fixture = await makeSite()
    made.push(fixture)
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(fixture.content, name), text)
    return fixture.content
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e as SiteError,
    )

  it('refuses a catalogue with no products or with a product that is not a slug, saying where to run', async () => {
    for (const catalogue of ['products: []\n', 'products:\n  - szephyr\n  - 5\n']) {
      const dir = await content({ 'catalogue.yaml': catalogue })
      const error = await refusal(readServerContent(dir, {}))
      expect(error?.code).toBe('no-catalogue')
      expect(error?.message).toBe(
        `The intake server needs the product list: ${path.join(dir, 'catalogue.yaml')} is missing or has no \`products:\` list of slugs.`,
      )
      expect(error?.hint).toMatch(/^run the server from the project folder/)
    }
  })

  it('names a recipient that is not an address, or a kind that is not a list', async () => {
    const notAddress = await content({
      'site.yaml': 'notifications:\n  from: web@example.com\n  contact: [5]\n',
    })
    const error = await refusal(readServerContent(notAddress, {}))
    expect(error?.code).toBe('content-invalid')
    expect(error?.message).toBe('notifications in content/site.yaml: contact[0] is not an e-mail address: 5.')
    expect(error?.hint).toMatch(/^write one address per item/)
    const notList = await content({
      'site.yaml': 'notifications:\n  from: web@example.com\n  contact: support@example.com\n',
    })
    const listError = await refusal(readServerContent(notList, {}))
    expect(listError?.code).toBe('content-invalid')
    expect(listError?.message).toBe(
      'notifications in content/site.yaml: contact must be a list of addresses.',
    )
    expect(listError?.hint).toBe('e.g. `contact: [support@example.com]`.')
  })

  it('takes an address only as one whole address: text, one @, no spaces, brackets or lists', async () => {
    const dir = await content({ 'site.yaml': '' })
    const sender = async (from: string) => {
      await writeFile(
        path.join(dir, 'site.yaml'),
        `notifications:\n  from: ${JSON.stringify(from)}\n  contact: [support@example.com]\n`,
      )
      return readServerContent(dir, {}).then(
        (c) => c.notifications?.from,
        (e: SiteError) => e.message,
      )
    }
    for (const good of ['web@example.com', 'a.b+c@mail.example.co.in']) expect(await sender(good)).toBe(good)
    for (const bad of [
      'web',
      '@example.com',
      'web@',
      ' web@example.com',
      'web@example.com x',
      'we b@example.com',
      'web@exa mple.com',
      'a@b@example.com',
      '<web@example.com>',
      'web@example.com, other@example.com',
    ])
      expect(await sender(bad)).toBe(
        `notifications in content/site.yaml: from (or contact.email) is not an e-mail address: ${JSON.stringify(bad)}.`,
      )
  })

  it('names the sender when neither from nor contact.email is set, and sends nothing without recipients', async () => {
    const noFrom = await content({ 'site.yaml': 'notifications:\n  contact: [support@example.com]\n' })
    expect((await refusal(readServerContent(noFrom, {})))?.message).toMatch(
      /: from \(or contact\.email\) is not/,
    )
    const none = await content({ 'site.yaml': 'notifications:\n  from: 5\n' })
    expect((await readServerContent(none, {})).notifications).toBeUndefined()
  })

  it('refuses site.yaml that is not YAML, naming the file', async () => {
    const dir = await content({ 'site.yaml': 'a: [\n' })
    const error = await refusal(readServerContent(dir, {}))
    expect(error?.code).toBe('content-invalid')
    // The YAML library's reason, whole (the line and column are `site validate`'s job).
    expect(error?.message).toBe(
      `${path.join(dir, 'site.yaml')} cannot be read as YAML: Flow sequence in block collection must be sufficiently indented and end with a ]`,
    )
    expect(error?.hint).toMatch(/^run `site validate` for the exact line/)
  })

  it('names SITE_URL or siteUrl when it is not an http(s) URL, trimming SITE_URL', async () => {
    const error = await refusal(readServerContent(site.content, { SITE_URL: 'ftp://x' }))
    expect(error?.code).toBe('bad-url')
    expect(error?.message).toBe('SITE_URL is not an http(s) URL: "ftp://x".')
    expect(error?.hint).toBe('write the public origin, e.g. https://www.example.com.')
    expect((await readServerContent(site.content, { SITE_URL: ' https://a.example ' })).siteOrigin).toBe(
      'https://a.example',
    )
    const dir = await content({ 'site.yaml': 'siteUrl: mailto:x@example.com\n' })
    expect((await refusal(readServerContent(dir, {})))?.message).toBe(
      'siteUrl in content/site.yaml is not an http(s) URL: "mailto:x@example.com".',
    )
  })
})
