import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { envMistakes } from '../../model/config.ts'
import { firstInvalidUtf8 } from '../../model/content/load.ts'
import { projectPaths } from '../../model/paths.ts'
import { validateProject } from '../validate/validate-project.ts'

const validate = (root: string) => validateProject(projectPaths(root))

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

async function fixture(edit: (root: string) => Promise<void>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-validate-build-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  await edit(root)
  return root
}

/** `file:line:col path code` of every problem validate reports. */
async function found(root: string): Promise<string[]> {
  const result = await validate(root)
  return result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.path} ${p.code}`)
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('site validate catches what the build would', () => {
  it('accepts the valid fixture, brochure file included', async () => {
    expect(await found(await fixture(async () => {}))).toEqual([])
  })

  it('locates a YAML mistake in Markdown front matter instead of crashing', async () => {
    const root = await fixture(async (r) => {
      const file = path.join(r, 'content/pages/privacy-policy.md')
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('title: Privacy policy', 'title: [Privacy'),
      )
    })
    const result = await validate(root)
    expect(result.problems.map((p) => [p.file, p.line, p.code])).toEqual([
      ['content/pages/privacy-policy.md', 2, 'yaml-syntax'],
    ])
  })

  it('refuses a byte that is not UTF-8 and says where it is', async () => {
    const root = await fixture(async (r) => {
      const file = path.join(r, 'content/products/alpha.yaml')
      const text = await readFile(file, 'latin1')
      // "Alpha" → "Alphé" saved as Latin-1: a lone 0xE9 byte.
      await writeFile(file, Buffer.from(text.replace('name: Alpha', 'name: Alph\u00e9'), 'latin1'))
    })
    const result = await validate(root)
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code}`)).toEqual([
      'content/products/alpha.yaml:1:11 not-utf8',
    ])
    expect(result.problems[0]?.message).toMatch(/^Byte \d+ \(0xe9\) is not UTF-8 text/)
  })

  it('refuses x.yml beside x.yaml', async () => {
    const root = await fixture((r) =>
      cp(path.join(r, 'content/products/alpha.yaml'), path.join(r, 'content/products/alpha.yml')),
    )
    expect(await found(root)).toEqual(['content/products/alpha.yml:1:1  duplicate-file'])
  })

  it('refuses a raster image narrower than its slot, at the field that uses it', async () => {
    const root = await fixture(async (r) => {
      await sharp({ create: { width: 200, height: 150, channels: 3, background: '#123456' } })
        .png()
        .toFile(path.join(r, 'content/images/p/small.png'))
      const file = path.join(r, 'content/pages/home.yaml')
      const text = await readFile(file, 'utf8')
      await writeFile(file, text.replace(/(hero:\n(?:.*\n)*?\s+image: )\S+/, '$1p/small.png'))
    })
    expect(await found(root)).toEqual([
      expect.stringMatching(/^content\/pages\/home\.yaml:\d+:\d+ \/hero\/image image-too-small$/),
    ])
  })

  it('refuses a brochure whose PDF is missing at the embedded storage base', async () => {
    const root = await fixture((r) => unlink(path.join(r, 'public/storage/brochures/UHF.pdf')))
    expect(await found(root)).toEqual(['content/brochures.yaml:2:9 /brochures/0/id brochure-missing'])
  })

  it('refuses SITE_URL without a scheme and a base that is neither a path nor an address', () => {
    expect(envMistakes({ SITE_URL: 'www.example.com', SITE_API_BASE: 'api' })).toEqual([
      'SITE_URL=www.example.com is not an http(s) address; set it like SITE_URL=https://www.example.com.',
      'SITE_API_BASE=api is not a path or an http(s) address; set it like SITE_API_BASE=https://api.example.com (or a path such as /api).',
    ])
    expect(envMistakes({ SITE_URL: 'https://www.example.com', SITE_API_BASE: '/api' })).toEqual([])
  })
})

describe('firstInvalidUtf8', () => {
  it('finds the first byte that is not UTF-8', () => {
    expect(firstInvalidUtf8(Buffer.from('plain ascii'))).toBe(-1)
    expect(firstInvalidUtf8(Buffer.from('caf\u00e9 \u20ac \u{1f600}'))).toBe(-1)
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xe9, 0x62]))).toBe(1)
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc3]))).toBe(1)
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0x80]))).toBe(0)
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0)
  })
})
