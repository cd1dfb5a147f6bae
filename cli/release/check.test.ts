import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatProblems, type SiteError } from '../../lib/errors.ts'
import { originFaultInWords, PROBLEMS } from '../../lib/problems.ts'
import { readContent, withoutDrafts } from '../../model/content/load.ts'
import type { Site } from '../../model/content/schemas/site.ts'
import { projectPaths } from '../../model/paths.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'
import { createProgram } from '../index.ts'
import { releaseCheck, releaseProblemList } from './check.ts'
import { originFault, originProblems, type SettingProblem } from './origins.ts'

/** What a release says about a setting, and how to fix it (lib/problems.ts). */
const messageOf = (p: SettingProblem) => PROBLEMS.ReleaseOrigin.message(p)
const settingHint = (p: SettingProblem) => PROBLEMS.ReleaseOrigin.hint(p)
const faultOf = (value: string, options: { pathAllowed: boolean }) => {
  const fault = originFault(value, options)
  return fault && originFaultInWords(fault)
}

import { PLACEHOLDER_CREATOR } from './placeholder-brochures.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
/** Public origins, so a test sees only what it plants. */
const PUBLIC = { SITE_URL: 'https://www.company.in' }
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function fixture(edit: (content: string) => Promise<void> = async () => {}) {
  const root = await mkdtemp(path.join(tmpdir(), 'site-release-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  await edit(path.join(root, 'content'))
  return root
}

/** Content as `site validate` sees it (must be valid) and the release report on it. */
async function release(root: string, env: NodeJS.ProcessEnv = PUBLIC) {
  const report = await readContent(path.join(root, 'content'), root)
  expect(report.problems).toEqual([])
  if (!report.content) throw new Error('no content')
  return {
    content: report.content,
    release: await releaseCheck(report.content, projectPaths(root), report.sources, env),
  }
}

const BADGES = `partners:
  - name: CE certified
    logo: p/a.svg
    evidence:
      issuer: TÜV Rheinland India
      reference: CE-2026-0042
  - name: Works with voice assistants
    logo: p/b.svg
    kind: feature
  - name: RoHS compliant
    logo: p/a.svg
`

describe('site validate --release', () => {
  it('passes the fixture with public origins', async () => {
    expect((await release(await fixture())).release).toEqual({ problems: [], settings: [] })
  })

  it('reads nothing in a draft product, which the build leaves out: its example values and http:// links cannot go live', async () => {
    const root = await fixture(async (c) => {
      const alpha = await readFile(path.join(c, 'products/alpha.yaml'), 'utf8')
      await writeFile(
        path.join(c, 'products/beta.yaml'),
        `draft: true\n${alpha
          .replace(/^name: .*$/m, 'name: Beta')
          .replace(/^subText: .*$/m, 'subText: http://beta.example/')
          .replace(/^description: /m, 'description: !example ')}`,
      )
    })
    const report = await readContent(path.join(root, 'content'), root)
    if (!report.content) throw new Error(formatProblems(report.problems))
    expect(report.drafts).toEqual(['beta'])
    expect(
      await releaseCheck(withoutDrafts(report.content), projectPaths(root), report.sources, PUBLIC),
    ).toEqual({
      problems: [],
      settings: [],
    })
    // Published, the same file is refused for both.
    await replaceIn(path.join(root, 'content/products/beta.yaml'), /^draft: true\n/, '')
    await replaceIn(path.join(root, 'content/catalogue.yaml'), /^(\s*- alpha)$/m, '$1\n  - beta')
    const published = await readContent(path.join(root, 'content'), root)
    if (!published.content) throw new Error(formatProblems(published.problems))
    const { problems } = await releaseCheck(published.content, projectPaths(root), published.sources, PUBLIC)
    expect(problems.map((p) => `${p.file} ${p.code}`)).toEqual([
      'content/products/beta.yaml example-value',
      'content/products/beta.yaml insecure-url',
    ])
  })

  it('lists every !example value with file:line:col, the field and what to supply; a local build takes them as plain text', async () => {
    const root = await fixture(async (c) => {
      await replaceIn(path.join(c, 'site.yaml'), 'company: Test Company', 'company: !example Test Company')
      await replaceIn(
        path.join(c, 'site.yaml'),
        '  email: support@example.test',
        '  email: !example support@example.test',
      )
      await replaceIn(path.join(c, 'pages/privacy-policy.md'), 'summary: How', 'summary: !example How')
    })
    const { content, release: report } = await release(root)
    expect(content.site.company).toBe('Test Company')
    expect(content.site.contact.email).toBe('support@example.test')
    expect(report.settings).toEqual([])
    expect(formatProblems(report.problems)).toMatchInlineSnapshot(`
      "content/pages/privacy-policy.md:3:19  /summary
        "How the test company handles personal data, in a summary ..." is an example value, not one the company supplied.
        Fix: write the company's own value (the field holds: Meta description: 50-160 characters), then remove the !example tag.
      content/site.yaml:1:19  /company
        "Test Company" is an example value, not one the company supplied.
        Fix: write the company's own value (the field holds: Company name, used in titles and structured data), then remove the !example tag.
      content/site.yaml:5:19  /contact/email
        "support@example.test" is an example value, not one the company supplied.
        Fix: write the company's own value (the field holds: Support mail address), then remove the !example tag.
      3 problems in 2 files."
    `)
  })

  it('puts the settings first, each where it was set and how to fix it, and counts them with the rest', async () => {
    const root = await fixture((c) =>
      replaceIn(path.join(c, 'site.yaml'), 'company: Test Company', 'company: !example Test Company'),
    )
    const { content, sources } = await readContent(path.join(root, 'content'), root)
    if (!content) throw new Error('no content')
    const siteUrl = { ...content, site: { ...content.site, siteUrl: 'http://localhost:4173' } }
    const problems = await releaseProblemList(siteUrl, projectPaths(root), sources, {
      SITE_ASSET_BASE: 'https://cdn.example.com',
    })
    expect(problems.map((p) => [p.file, p.line, p.path, p.code])).toEqual([
      ['content/site.yaml', 3, '/siteUrl', 'release-origin'],
      ['environment', 0, '/assetBase', 'release-origin'],
      ['content/site.yaml', 1, '/company', 'example-value'],
    ])
    const text = formatProblems(problems).split('\n')
    expect(text.slice(3, 6)).toEqual([
      'environment  /assetBase',
      "  SITE_ASSET_BASE (the base the images are served from) is https://cdn.example.com: cdn.example.com is an example or reserved domain, not the company's.",
      '  Fix: set SITE_ASSET_BASE to the public https address (e.g. https://cdn.yourcompany.in/...); it is set in the environment, which overrides assetBase in content/site.yaml.',
    ])
    expect(text.at(-1)).toBe('3 problems in 1 file and the settings.')
  })

  it('judges a built site by the settings it was built with, and says so', async () => {
    const root = await fixture()
    const { content, sources } = await readContent(path.join(root, 'content'), root)
    if (!content) throw new Error('no content')
    const [built] = await releaseProblemList(
      content,
      projectPaths(root),
      sources,
      { SITE_URL: 'http://www.company.in' },
      'built site',
    )
    expect(built).toMatchObject({
      file: 'built site',
      code: 'release-origin',
      hint: 'build again with SITE_URL set to the public https address (e.g. https://www.yourcompany.in); this site was built with http://www.company.in.',
    })
  })

  it('refuses a compliance badge without evidence; evidence or kind: feature passes', async () => {
    const root = await fixture((c) => appendFile(path.join(c, 'products/alpha.yaml'), BADGES))
    const { release: report } = await release(root)
    expect(report.problems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.path}  ${p.message}`)).toEqual([
      expect.stringMatching(
        /^content\/products\/alpha\.yaml:\d+:5 {2}\/partners\/2 {2}The compliance badge "RoHS compliant" has no evidence\.$/,
      ),
    ])
    const line = (await readFile(path.join(root, 'content/products/alpha.yaml'), 'utf8'))
      .split('\n')
      .indexOf('  - name: RoHS compliant')
    expect(report.problems[0]?.line).toBe(line + 1)
    expect(report.problems[0]).toMatchObject({
      code: 'badge-without-evidence',
      hint: 'write who certified it and the certificate or report number (`evidence: { issuer: ..., reference: ... }`), mark the badge `kind: feature` if it claims no certification, or remove it.',
    })
  })

  it('refuses evidence that is a placeholder: TBD, n/a, the same text twice', async () => {
    for (const [evidence, fault] of [
      ['{ issuer: TBD, reference: TBD }', 'issuer "TBD"'],
      ['{ issuer: TÜV Rheinland India, reference: n/a }', 'reference "n/a"'],
      ['{ issuer: CE, reference: ce }', 'the same text as issuer and reference'],
    ]) {
      const root = await fixture((c) =>
        appendFile(
          path.join(c, 'products/alpha.yaml'),
          `partners:\n  - { name: CE certified, logo: p/a.svg, evidence: ${evidence} }\n` +
            '  - { name: Voice control, logo: p/b.svg, kind: feature }\n' +
            '  - { name: App, logo: p/a.svg, kind: feature }\n',
        ),
      )
      const { release: report } = await release(root)
      expect(
        report.problems.map((p) => [p.path, p.code, p.message]),
        evidence,
      ).toEqual([
        [
          '/partners/0/evidence',
          'badge-evidence-placeholder',
          `The evidence for the compliance badge "CE certified" is a placeholder (${fault}).`,
        ],
      ])
    }
  })

  it('refuses a plain http:// address anywhere in the content, at its field', async () => {
    const root = await fixture((c) => replaceIn(path.join(c, 'site.yaml'), /mapUrl: https:/, 'mapUrl: http:'))
    const { release: report } = await release(root)
    expect(report.problems.map((p) => [p.file, p.path, p.code])).toEqual([
      ['content/site.yaml', '/offices/0/mapUrl', 'insecure-url'],
    ])
    expect(report.problems[0]?.hint).toMatch(/^use the https:\/\/ address \(https:\/\//)
  })

  it('names a product written as .yml where its bare badge is (it read <slug>.yaml and crashed)', async () => {
    const root = await fixture(async (c) => {
      await appendFile(path.join(c, 'products/alpha.yaml'), BADGES)
      await rename(path.join(c, 'products/alpha.yaml'), path.join(c, 'products/alpha.yml'))
    })
    const { release: report } = await release(root)
    expect(report.problems.map((p) => `${p.file} ${p.path} ${p.code}`)).toEqual([
      'content/products/alpha.yml /partners/2 badge-without-evidence',
    ])
  })

  it('lists example values and bare badges together by file, line and column', async () => {
    const root = await fixture(async (c) => {
      const twoBadges = BADGES.slice(0, BADGES.indexOf('  - name: RoHS'))
      await appendFile(
        path.join(c, 'products/alpha.yaml'),
        `${twoBadges}  - { name: !example ISO 9001, logo: p/a.svg }\nbrochure: !example UHF\n`,
      )
      await replaceIn(
        path.join(c, 'products/alpha.yaml'),
        '  - label: Rating\n    value: 15A / 4000W\n',
        '  - { label: !example Rating, value: !example 15A / 4000W }\n',
      )
      await replaceIn(path.join(c, 'products/alpha.yaml'), 'category: Test', 'category: !example Test')
      await replaceIn(path.join(c, 'site.yaml'), 'company: Test Company', 'company: !example Test Company')
    })
    const alpha = (await readFile(path.join(root, 'content/products/alpha.yaml'), 'utf8')).split('\n')
    const iso = alpha.findIndex((l) => l.includes('ISO 9001')) + 1
    const rating = alpha.findIndex((l) => l.includes('label: !example Rating')) + 1
    const report = (await release(root)).release
    expect(report.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.path}`)).toEqual([
      'content/products/alpha.yaml:2:20 /category',
      `content/products/alpha.yaml:${rating}:23 /specifications/0/label`,
      `content/products/alpha.yaml:${rating}:47 /specifications/0/value`,
      `content/products/alpha.yaml:${iso}:5 /partners/2`,
      `content/products/alpha.yaml:${iso}:22 /partners/2/name`,
      `content/products/alpha.yaml:${iso + 1}:20 /brochure`,
      'content/site.yaml:1:19 /company',
    ])
  })

  it('refuses the stand-in brochure PDFs that tools/make-brochures.mjs writes', async () => {
    const root = await fixture()
    await mkdir(path.join(root, 'public/storage/brochures'), { recursive: true })
    const pdf = (info: string) => `%PDF-1.4\n${'x'.repeat(600)}\n<< /Title (UHF) ${info} >>\n%%EOF\n`
    await writeFile(path.join(root, 'public/storage/brochures/UHF.pdf'), pdf(PLACEHOLDER_CREATOR))
    expect(formatProblems((await release(root)).release.problems)).toContain(
      'public/storage/brochures/UHF.pdf:1:1\n  The UHF brochure ("UHF Radio Modem") is the stand-in PDF tools/make-brochures.mjs writes.',
    )
    await writeFile(path.join(root, 'public/storage/brochures/UHF.pdf'), pdf('/Creator (Company DTP)'))
    expect((await release(root)).release.problems).toEqual([])
  })
})

describe('release origins', () => {
  const site = {
    siteUrl: 'http://localhost:4173',
    apiBase: '/api',
    storageBase: '/storage',
    assetBase: '/media',
  } as Site

  it('refuses local, example and plain-http origins, naming the setting and where it was set', () => {
    const found = originProblems(site, {
      SITE_API_BASE: 'http://127.0.0.1:8080/api',
      SITE_STORAGE_BASE: 'https://files.example.com',
      SITE_ASSET_BASE: 'http://cdn.company.in/media',
    })
    expect(found.map((p) => `${p.variable} [${p.source}] ${messageOf(p)}`)).toEqual([
      'SITE_URL [content/site.yaml] SITE_URL (the public origin of the site) is http://localhost:4173: localhost is this machine, not a public host.',
      'SITE_API_BASE [environment] SITE_API_BASE (the base of the intake API) is http://127.0.0.1:8080/api: 127.0.0.1 is a loopback address, not a public host.',
      "SITE_STORAGE_BASE [environment] SITE_STORAGE_BASE (the base the brochures are served from) is https://files.example.com: files.example.com is an example or reserved domain, not the company's.",
      'SITE_ASSET_BASE [environment] SITE_ASSET_BASE (the base the images are served from) is http://cdn.company.in/media: http: is not encrypted; a release serves everything over https:.',
    ])
  })

  it('accepts public https origins, and paths on the site origin for the three bases', () => {
    expect(originProblems(site, { SITE_URL: 'https://www.company.in' })).toEqual([])
    expect(
      originProblems(site, {
        SITE_URL: 'https://www.company.in',
        SITE_API_BASE: 'https://api.company.in/v1',
        SITE_ASSET_BASE: 'https://cdn.company.in/media',
      }),
    ).toEqual([])
    expect(originProblems({ ...site, siteUrl: 'https://www.company.in' }, {})).toEqual([])
    expect(originProblems(site, { SITE_URL: '/' }).map((p) => p.variable)).toEqual(['SITE_URL'])
    expect(originProblems(site, { SITE_URL: '/site' }).map(messageOf)).toEqual([
      'SITE_URL (the public origin of the site) is /site: it is a path; the public origin must be a full https:// address.',
    ])
  })

  it.each([
    ['https://localhost', 'localhost is this machine, not a public host'],
    ['https://shop.localhost', 'shop.localhost is this machine, not a public host'],
    ['https://127.0.0.2', '127.0.0.2 is a loopback address, not a public host'],
    ['https://0.0.0.0', '0.0.0.0 is a loopback address, not a public host'],
    ['https://[::1]', '::1 is a loopback address, not a public host'],
    ['https://10.1.2.3', '10.1.2.3 is a private network address, not a public host'],
    ['https://192.168.0.10', '192.168.0.10 is a private network address, not a public host'],
    ['https://172.16.0.1', '172.16.0.1 is a private network address, not a public host'],
    ['https://172.31.255.1', '172.31.255.1 is a private network address, not a public host'],
    ['https://example.com', "example.com is an example or reserved domain, not the company's"],
    ['https://www.example.org', "www.example.org is an example or reserved domain, not the company's"],
    ['https://shop.test', "shop.test is an example or reserved domain, not the company's"],
    ['https://x.invalid', "x.invalid is an example or reserved domain, not the company's"],
    ['https://nas.local', "nas.local is an example or reserved domain, not the company's"],
    ['https://shop.example.co.uk', "shop.example.co.uk is an example or reserved domain, not the company's"],
    ['https://[::]', ':: is a loopback address, not a public host'],
    ['https://10.0.0.0', '10.0.0.0 is a private network address, not a public host'],
    ['https://172.20.0.1', '172.20.0.1 is a private network address, not a public host'],
    ['http://www.company.in', 'http: is not encrypted; a release serves everything over https:'],
    ['www.company.in', 'it is not an address'],
  ])('refuses %s: %s', (value, why) => {
    expect(faultOf(value, { pathAllowed: true })).toBe(why)
  })

  it.each([
    'https://www.company.in',
    'https://172.32.0.1',
    'https://172.15.0.1',
    'https://11.0.0.1',
    'https://1127.0.0.1.company.in',
    'https://examples.company.in',
    'https://company.in.example-shop.com',
    'https://localhost.company.in',
    'https://test.company.in',
    'https://0.0.0.0.company.in',
    'https://[2606:4700::1]',
    'https://[::ffff:8.8.8.8]',
    'https://8.10.0.1',
    'https://example.com-shop.in',
  ])('accepts the public origin %s', (value) => {
    expect(faultOf(value, { pathAllowed: false })).toBeUndefined()
  })

  it('takes a path only for the three bases, and `//host` is an address, not a path', () => {
    expect(faultOf('/api', { pathAllowed: true })).toBeUndefined()
    expect(faultOf('/api', { pathAllowed: false })).toBe(
      'it is a path; the public origin must be a full https:// address',
    )
    expect(faultOf('//cdn.example.com/media', { pathAllowed: true })).toBe('it is not an address')
  })

  it('reads the environment first (trimmed, trailing slashes dropped), then site.yaml', () => {
    const [fromEnv] = originProblems(site, { SITE_URL: '  http://www.company.in//  ' })
    expect(fromEnv).toMatchObject({ value: 'http://www.company.in', source: 'environment' })
    const [blank] = originProblems(site, { SITE_URL: '   ' })
    expect(blank).toMatchObject({ value: 'http://localhost:4173', source: 'content/site.yaml' })
  })

  it('says how to fix a setting, naming both places it can be set', () => {
    const [url, api] = originProblems({ ...site, apiBase: 'http://127.0.0.1/api' }, {})
    if (!url || !api) throw new Error('expected two problems')
    expect(settingHint(url)).toBe(
      'set SITE_URL=https://www.yourcompany.in for the build, or change siteUrl in content/site.yaml.',
    )
    expect(settingHint(api)).toBe(
      'set SITE_API_BASE=<https base> for the build, or change apiBase in content/site.yaml.',
    )
    const [fromEnv] = originProblems(site, { SITE_URL: 'http://localhost:3000' })
    if (!fromEnv) throw new Error('expected a problem')
    expect(settingHint(fromEnv)).toBe(
      'set SITE_URL to the public https address (e.g. https://www.yourcompany.in); it is set in the environment, which overrides siteUrl in content/site.yaml.',
    )
    const [envBase] = originProblems(
      { ...site, siteUrl: 'https://www.company.in' },
      { SITE_ASSET_BASE: 'http://cdn.company.in' },
    )
    if (!envBase) throw new Error('expected a problem')
    expect(settingHint(envBase)).toContain('(e.g. https://cdn.yourcompany.in/...)')
  })
})

describe('site build --release', () => {
  it('refuses this project (its example values and local SITE_URL) before writing anything to dist/', async () => {
    const dist = projectPaths().dist
    const snapshot = async () => {
      const files = await readdir(dist, { recursive: true }).catch(() => [] as string[])
      return Promise.all(files.sort().map(async (f) => `${f} ${(await stat(path.join(dist, f))).mtimeMs}`))
    }
    const before = await snapshot()
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const saved = process.env.SITE_URL
    delete process.env.SITE_URL
    let error: SiteError | undefined
    try {
      error = (await createProgram()
        .parseAsync(['build', '--release'], { from: 'user' })
        .catch((e: unknown) => e)) as SiteError
    } finally {
      log.mockRestore()
      if (saved !== undefined) process.env.SITE_URL = saved
    }
    expect(error?.message).toMatch(
      /^The build stopped at "validate": Not ready for release: \d+ problems\. dist\/client (is unchanged|was not there)/,
    )
    const printed = formatProblems(error?.problems ?? [])
    expect(printed).toMatch(/^content\/site\.yaml:\d+:\d+ {2}\/siteUrl\n {2}SITE_URL \(the public origin/m)
    expect(printed).toMatch(/^content\/site\.yaml:\d+:\d+ {2}\/contact\/email$/m)
    expect(printed).toMatch(/The compliance badge "CE certified" has no evidence\./)
    expect(printed.split('\n').at(-1)).toBe(
      `${error?.problems.length} problems in ${new Set(error?.problems.map((p) => p.file)).size} files.`,
    )
    expect(await snapshot()).toEqual(before)
  })
})
