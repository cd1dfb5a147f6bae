import { appendFile, cp, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isSiteError, type SiteError } from '../../lib/errors.ts'
import { type ProjectPaths, projectPaths } from '../../model/paths.ts'
import { unsetEnv } from '../../tests/console.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'
import { buildSite } from '../build/build-site.ts'
import { BUILD_STAGES } from '../build/stages.ts'
import { createProgram } from '../index.ts'

/**
 * The promise between the stages: whatever `site build` would refuse, `site validate` reports first, at
 * the file and line. Each case breaks a copy of the valid fixture one way an editor or a release
 * manager could (the outside trial of issue #31 and every class the build or verify refuses), then
 * runs `site validate` as a person does and the build's own pipeline; validate must name the file and
 * line, and the build must stop at its first stage with dist/ untouched.
 */
const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')

interface Case {
  name: string
  /** Breaks the project at `root`. */
  edit: (root: string) => Promise<void>
  /**
   * The problem validate must report: file, code, the line when it is known ahead, and words its
   * message or hint must hold.
   */
  expect: { file: string; code: string; line?: number; says?: RegExp }
  release?: boolean
}

const at = (root: string, file: string) => path.join(root, 'content', file)
const ALPHA = 'products/alpha.yaml'

const CASES: Case[] = [
  {
    name: 'a brochure id copied and retitled',
    edit: (r) =>
      appendFile(at(r, 'brochures.yaml'), '  - id: UHF\n    title: UHF Radio Modem, second edition\n'),
    expect: { file: 'content/brochures.yaml', code: 'duplicate-brochure', line: 4 },
  },
  {
    name: 'a link to a product that does not exist',
    edit: (r) => replaceIn(at(r, 'pages/home.yaml'), 'link: /products/alpha', 'link: /products/alpha-pro'),
    expect: { file: 'content/pages/home.yaml', code: 'dead-link', line: 17 },
  },
  {
    name: 'a link to a draft product',
    edit: async (r) => {
      await replaceIn(at(r, ALPHA), /^name: Alpha/m, 'draft: true\nname: Alpha')
      await writeFile(at(r, 'catalogue.yaml'), 'products: []\n')
    },
    expect: { file: 'content/pages/home.yaml', code: 'dead-link', line: 17 },
  },
  {
    name: 'a dead link in the privacy policy',
    edit: (r) => appendFile(at(r, 'pages/privacy-policy.md'), '\nSee [our terms](/terms).\n'),
    expect: { file: 'content/pages/privacy-policy.md', code: 'dead-link' },
  },
  {
    name: 'an SVG cut short',
    edit: async (r) => {
      const svg = at(r, 'images/p/a.svg')
      await writeFile(svg, (await readFile(svg, 'utf8')).slice(0, 200))
    },
    expect: { file: 'content/pages/home.yaml', code: 'unreadable-image', line: 6 },
  },
  {
    name: 'a photo too small for its slot',
    edit: async (r) => {
      await sharp({ create: { width: 200, height: 150, channels: 3, background: '#345' } })
        .png()
        .toFile(at(r, 'images/p/small.png'))
      await replaceIn(at(r, 'pages/home.yaml'), '  image: p/a.svg', '  image: p/small.png')
    },
    expect: { file: 'content/pages/home.yaml', code: 'image-too-small', line: 6 },
  },
  {
    name: 'an image that does not exist',
    edit: (r) => replaceIn(at(r, ALPHA), 'headerImage: p/a.svg', 'headerImage: p/missing.svg'),
    expect: { file: 'content/products/alpha.yaml', code: 'missing-image', line: 6 },
  },
  {
    name: 'an over-indented value',
    edit: (r) => replaceIn(at(r, ALPHA), '    value: 1 year', '        value: 1 year'),
    expect: { file: 'content/products/alpha.yaml', code: 'yaml-syntax', line: 39 },
  },
  {
    name: 'a field without its colon',
    edit: (r) => replaceIn(at(r, 'brochures.yaml'), 'title: UHF Radio Modem', 'title UHF Radio Modem'),
    expect: { file: 'content/brochures.yaml', code: 'yaml-syntax', line: 3 },
  },
  {
    name: 'an unclosed quote',
    edit: (r) => replaceIn(at(r, ALPHA), 'subText: Alpha sub text.', 'subText: "Alpha sub text.'),
    expect: { file: 'content/products/alpha.yaml', code: 'yaml-syntax', line: 5 },
  },
  {
    name: 'a Latin-1 letter',
    edit: async (r) => {
      const text = await readFile(at(r, ALPHA), 'latin1')
      await writeFile(at(r, ALPHA), Buffer.from(text.replace('name: Alpha', 'name: Alph\u00e9'), 'latin1'))
    },
    expect: { file: 'content/products/alpha.yaml', code: 'not-utf8', line: 1 },
  },
  {
    name: 'an empty list where two cards belong',
    edit: (r) =>
      replaceIn(at(r, ALPHA), /cardText:\n(?: {2}- heading: .*\n {4}description: .*\n)+/, 'cardText: []\n'),
    expect: { file: 'content/products/alpha.yaml', code: 'too-few', line: 9 },
  },
  {
    name: 'an e-mail address that is not one',
    edit: (r) => replaceIn(at(r, 'site.yaml'), 'email: support@example.test', 'email: support at example'),
    expect: { file: 'content/site.yaml', code: 'bad-format', line: 5 },
  },
  {
    name: 'a misspelt field',
    edit: (r) => replaceIn(at(r, ALPHA), /^subText:/m, 'subtext:'),
    expect: { file: 'content/products/alpha.yaml', code: 'unknown-field', line: 5 },
  },
  {
    name: 'a product listed twice in the menu',
    edit: (r) => writeFile(at(r, 'catalogue.yaml'), 'products:\n  - alpha\n  - alpha\n'),
    expect: { file: 'content/catalogue.yaml', code: 'duplicate-slug', line: 3 },
  },
  {
    name: 'a product missing from the menu',
    edit: async (r) => {
      await cp(at(r, ALPHA), at(r, 'products/beta.yaml'))
      await replaceIn(at(r, 'products/beta.yaml'), 'name: Alpha', 'name: Beta')
    },
    expect: { file: 'content/products/beta.yaml', code: 'not-in-catalogue', line: 1 },
  },
  {
    name: 'two products with one name (search could not tell them apart)',
    edit: async (r) => {
      await cp(at(r, ALPHA), at(r, 'products/beta.yaml'))
      await writeFile(at(r, 'catalogue.yaml'), 'products:\n  - alpha\n  - beta\n')
    },
    expect: { file: 'content/products/beta.yaml', code: 'duplicate-name', line: 1 },
  },
  {
    name: 'a brochure id that does not exist',
    edit: (r) => appendFile(at(r, ALPHA), 'brochure: LoRa\n'),
    expect: { file: 'content/products/alpha.yaml', code: 'unknown-brochure' },
  },
  {
    name: 'a domain page naming a brochure that does not exist',
    edit: (r) => replaceIn(at(r, 'pages/railways.yaml'), 'brochures: [UHF]', 'brochures: [UHF, Kavach]'),
    expect: { file: 'content/pages/railways.yaml', code: 'unknown-brochure' },
  },
  {
    // Outside a release a warning: the brochure library lists it (see site new product --brochure).
    name: 'a brochure no page links, for a release',
    release: true,
    edit: (r) => replaceIn(at(r, 'pages/railways.yaml'), 'brochures: [UHF]\n', ''),
    expect: { file: 'content/brochures.yaml', code: 'unlinked-brochure', line: 2 },
  },
  {
    name: 'a brochure PDF that is missing',
    edit: (r) => rm(path.join(r, 'public/storage/brochures/UHF.pdf')),
    expect: { file: 'content/brochures.yaml', code: 'brochure-missing', line: 2 },
  },
  {
    name: 'a brochure that is not a PDF',
    edit: (r) =>
      writeFile(path.join(r, 'public/storage/brochures/UHF.pdf'), `<html>${'x'.repeat(900)}</html>`),
    expect: { file: 'content/brochures.yaml', code: 'brochure-missing', line: 2 },
  },
  {
    name: 'an empty brochure PDF',
    edit: (r) => writeFile(path.join(r, 'public/storage/brochures/UHF.pdf'), ''),
    expect: {
      file: 'content/brochures.yaml',
      code: 'brochure-missing',
      line: 2,
      says: /is empty \(0 bytes\)/,
    },
  },
  {
    name: 'a brochure PDF that is a link out of the project',
    edit: async (r) => {
      const pdf = path.join(r, 'public/storage/brochures/UHF.pdf')
      const outside = path.join(base, `outside-${path.basename(r)}.pdf`)
      await rename(pdf, outside)
      await symlink(outside, pdf)
    },
    expect: {
      file: 'content/brochures.yaml',
      code: 'brochure-missing',
      line: 2,
      says: /outside the project/,
    },
  },
  {
    name: 'an image that is a link out of the project',
    edit: async (r) => {
      const outside = path.join(base, `outside-${path.basename(r)}.svg`)
      await cp(at(r, 'images/p/a.svg'), outside)
      await symlink(outside, at(r, 'images/p/linked.svg'))
      await replaceIn(at(r, ALPHA), 'headerImage: p/a.svg', 'headerImage: p/linked.svg')
    },
    expect: {
      file: 'content/products/alpha.yaml',
      code: 'link-outside-project',
      line: 6,
      says: /cp --remove-destination/,
    },
  },
  {
    name: 'a content file that is a link out of the project',
    edit: async (r) => {
      const outside = path.join(base, `outside-${path.basename(r)}.yaml`)
      await rename(at(r, ALPHA), outside)
      await symlink(outside, at(r, ALPHA))
    },
    expect: { file: 'content/products/alpha.yaml', code: 'link-outside-project', line: 1 },
  },
  {
    name: 'a script typed into a product description',
    edit: (r) =>
      replaceIn(
        at(r, ALPHA),
        'description: Alpha does things.',
        'description: Alpha <script>alert("hi")</script> does things.',
      ),
    expect: { file: 'content/products/alpha.yaml', code: 'html-in-text', line: 4, says: /<script>/ },
  },
  {
    name: 'bold HTML in a card',
    edit: (r) => replaceIn(at(r, ALPHA), 'heading: Card one', 'heading: Card <b>one</b>'),
    expect: { file: 'content/products/alpha.yaml', code: 'html-in-text', line: 10, says: /keep their words/ },
  },
  {
    name: 'raw HTML in the privacy policy',
    edit: (r) => appendFile(at(r, 'pages/privacy-policy.md'), '\nWe <b>never</b> sell it.\n'),
    expect: { file: 'content/pages/privacy-policy.md', code: 'html-in-text', line: 10, says: /\*\*bold\*\*/ },
  },
  {
    name: 'a misspelt category',
    edit: (r) => replaceIn(at(r, ALPHA), 'category: Test', 'category: Tset'),
    expect: {
      file: 'content/products/alpha.yaml',
      code: 'unknown-category',
      line: 2,
      says: /did you mean `category: Test`\?/,
    },
  },
  {
    name: 'a step whose section has no data',
    edit: (r) => replaceIn(at(r, ALPHA), 'key: benefits', 'key: installation'),
    expect: { file: 'content/products/alpha.yaml', code: 'step-without-section' },
  },
  {
    name: 'a scaffold placeholder left',
    edit: (r) =>
      replaceIn(at(r, ALPHA), 'subText: Alpha sub text.', 'subText: "TODO: one line under the intro"'),
    expect: { file: 'content/products/alpha.yaml', code: 'placeholder', line: 5 },
  },
  {
    name: 'a plain http:// map link, for a release',
    release: true,
    edit: (r) => replaceIn(at(r, 'site.yaml'), 'mapUrl: https:', 'mapUrl: http:'),
    expect: { file: 'content/site.yaml', code: 'insecure-url', line: 14 },
  },
  {
    name: 'a plain http:// link in the privacy policy’s Markdown, for a release',
    release: true,
    edit: (r) =>
      appendFile(at(r, 'pages/privacy-policy.md'), '\nSee [the regulator](http://www.example.gov.in/).\n'),
    expect: {
      file: 'content/pages/privacy-policy.md',
      code: 'insecure-url',
      line: 10,
      says: /https:\/\/www\.example\.gov\.in/,
    },
  },
  {
    name: 'badge evidence that is a placeholder, for a release',
    release: true,
    edit: (r) =>
      appendFile(
        at(r, ALPHA),
        'partners:\n  - { name: CE certified, logo: p/a.svg, evidence: { issuer: TBD, reference: TBD } }\n' +
          '  - { name: Voice, logo: p/b.svg, kind: feature }\n  - { name: App, logo: p/a.svg, kind: feature }\n',
      ),
    expect: { file: 'content/products/alpha.yaml', code: 'badge-evidence-placeholder' },
  },
  {
    name: 'an example value, for a release',
    release: true,
    edit: (r) => replaceIn(at(r, 'site.yaml'), 'company: Test Company', 'company: !example Test Company'),
    expect: { file: 'content/site.yaml', code: 'example-value', line: 1 },
  },
]

let base = ''
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'site-broken-'))
})
afterAll(() => rm(base, { recursive: true, force: true }))

/** The build's stages after validate never run here: each is a stand-in that would say it ran. */
const STAGES = BUILD_STAGES.map((stage, i) =>
  i === 0
    ? stage
    : {
        name: stage.name,
        run: async () => {
          throw new Error(`the build got as far as "${stage.name}"`)
        },
      },
)

async function copy(name: string): Promise<ProjectPaths> {
  const root = path.join(base, name.replace(/\W+/g, '-'))
  await cp(FIXTURE, root, { recursive: true })
  return projectPaths(root)
}

describe('what the build would refuse, validate reports first, at its file and line', () => {
  it.each(CASES)('$name', async (c) => {
    unsetEnv(['SITE_URL', 'SITE_API_BASE', 'SITE_STORAGE_BASE', 'SITE_ASSET_BASE'])
    if (c.release) vi.stubEnv('SITE_URL', 'https://www.company.in')
    try {
      const paths = await copy(c.name)
      await c.edit(paths.root)
      const args = ['validate', '--root', paths.root, ...(c.release ? ['--release'] : [])]
      const refused = (await createProgram()
        .parseAsync(args, { from: 'user' })
        .then(
          () => undefined,
          (e: unknown) => e,
        )) as SiteError | undefined
      expect(refused && isSiteError(refused), 'site validate exits 1').toBe(true)
      const found = refused?.problems.find((p) => p.file === c.expect.file && p.code === c.expect.code)
      expect(
        found,
        JSON.stringify(refused?.problems.map((p) => `${p.file}:${p.line} ${p.code}`)),
      ).toBeDefined()
      expect(found?.line).toBeGreaterThan(0)
      if (c.expect.line) expect(found?.line).toBe(c.expect.line)
      expect(found?.hint).toBeTruthy()
      if (c.expect.says) expect(`${found?.message} ${found?.hint}`).toMatch(c.expect.says)
      // One message per mistake: nothing else is said about the same place.
      expect(
        refused?.problems.filter(
          (p) => p.file === found?.file && p.line === found?.line && p.path === found?.path,
        ),
      ).toHaveLength(1)

      const options = {
        full: false,
        forceImages: false,
        release: c.release ?? false,
        offline: true,
        verbose: false,
      }
      const stopped = await buildSite(paths, options, STAGES, () => {}).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(isSiteError(stopped) && stopped.message).toMatch(/^The build stopped at "validate": /)
      expect(isSiteError(stopped) && stopped.problems).toContainEqual(found)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('a byte order mark at the start of a file is no problem at all', async () => {
    const paths = await copy('bom')
    const file = at(paths.root, 'pages/privacy-policy.md')
    await writeFile(file, `\uFEFF${await readFile(file, 'utf8')}`)
    await expect(
      createProgram().parseAsync(['validate', '--root', paths.root], { from: 'user' }),
    ).resolves.toBeDefined()
  })
})
