import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Command } from 'commander'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { register } from '../cli/commands/serve.ts'
import type { SiteError } from '../lib/errors.ts'
import { readServerContent } from './site-config.ts'
import { makeSite, type SiteFixture, SLUGS } from './testing.ts'

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
    })
    expect(
      (await readServerContent(site.content, { SITE_URL: 'https://shop.example.in/path/' })).siteOrigin,
    ).toBe('https://shop.example.in')
  })

  it('needs a catalogue', async () => {
    const error = await readServerContent(path.join(site.dir, 'nowhere'), {}).catch((e: unknown) => e)
    expect((error as SiteError).code).toBe('no-catalogue')
  })

  it('has no CORS origin without site.yaml and SITE_URL', async () => {
    await rm(path.join(site.content, 'site.yaml'))
    expect((await readServerContent(site.content, {})).siteOrigin).toBeUndefined()
    await writeFile(path.join(site.content, 'site.yaml'), 'siteUrl: https://www.example.com\n')
  })
})

describe('site serve flags', () => {
  it.each([
    [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc".'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535, not "70000".'],
    [['--rate-limit', '-1'], '--rate-limit must be a whole number from 0 to 1000000, not "-1".'],
    [['--webhook', 'ftp://x'], '--webhook is not an http(s) URL: "ftp://x".'],
  ])('%j is refused before anything starts', async (args, message) => {
    const program = new Command('site').exitOverride()
    register(program)
    const error = await program
      .parseAsync(['serve', ...args, '--root', site.dir, '--dist', site.dist, '--data', site.data], {
        from: 'user',
      })
      .catch((e: unknown) => e)
    expect((error as SiteError).message).toBe(message)
  })
})
