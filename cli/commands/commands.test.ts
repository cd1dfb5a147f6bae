import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SiteError } from '../../lib/errors.ts'
import { captureConsole, unsetEnv } from '../../tests/console.ts'
import { createProgram } from '../index.ts'
import { productTemplate } from '../scaffold/product.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const ENV = ['SITE_URL', 'SITE_API_BASE', 'SITE_STORAGE_BASE', 'SITE_ASSET_BASE'] as const
let root = ''
let exitCode: typeof process.exitCode
let out: string[] = []
let err: string[] = []

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-commands-'))
  await cp(FIXTURE, root, { recursive: true })
  unsetEnv(ENV)
  exitCode = process.exitCode
  process.exitCode = undefined
  ;({ out, err } = captureConsole())
})

afterEach(async () => {
  vi.restoreAllMocks()
  process.exitCode = exitCode
  vi.unstubAllEnvs()
  await rm(root, { recursive: true, force: true })
})

function site(...args: string[]): Promise<unknown> {
  return createProgram().parseAsync(args, { from: 'user' })
}

async function refusal(...args: string[]): Promise<SiteError> {
  return (await site(...args).then(
    () => {
      throw new Error('the command did not refuse')
    },
    (e: unknown) => e,
  )) as SiteError
}

async function edit(file: string, from: string | RegExp, to: string) {
  const full = path.join(root, 'content', file)
  const text = await readFile(full, 'utf8')
  const next = text.replace(from, to)
  if (next === text) throw new Error(`edit did not apply to ${file}`)
  await writeFile(full, next)
}

describe('site validate', () => {
  it('says how many files are valid, and nothing else, for valid content', async () => {
    await site('validate', '--root', root)
    expect(out).toHaveLength(1)
    expect(out[0]).toMatch(/^11 content files valid \(\d+ ms\)\.$/)
    expect(err).toEqual([])
  })

  it('says how many placeholders each draft has left and names the drafts as left out of the build', async () => {
    await writeFile(path.join(root, 'content/products/beta.yaml'), productTemplate('beta'))
    await writeFile(
      path.join(root, 'content/products/gamma.yaml'),
      productTemplate('gamma').replace(/^name: .*$/m, 'name: Gamma'),
    )
    await site('validate', '--root', root)
    expect(out).toHaveLength(3)
    expect(out[0]).toMatch(
      /^content\/products\/beta\.yaml: a draft with \d+ placeholders left \(search it for TODO; the first is on line 6\)\.$/,
    )
    expect(out[1]).toMatch(
      /^content\/products\/gamma\.yaml: a draft with \d+ placeholders left .* on line 7\)\.$/,
    )
    expect(out[2]).toMatch(
      /^13 content files valid \(\d+ ms\)\. 2 drafts \(beta, gamma\): shown by `site dev`, left out of `site build`; delete a draft's `draft: true` line to publish it\.$/,
    )
  })

  it('refuses content with problems, handing the problems to the error', async () => {
    await edit('products/alpha.yaml', 'value: 15A / 4000W', 'value: [15A]')
    const error = await refusal('validate', '--root', root)
    expect(error.code).toBe('content-invalid')
    expect(error.message).toBe('The content has 1 problem.')
    expect(error.hint).toBe('fix them, then run `site validate` again.')
    expect(error.problems.map((p) => p.path)).toEqual(['/specifications/0/value'])
    expect(out).toEqual([])
  })

  it('refuses a malformed SITE_* variable before reading anything, naming each', async () => {
    process.env.SITE_URL = 'example.test'
    process.env.SITE_API_BASE = 'api'
    const error = await refusal('validate', '--root', root)
    expect(error.code).toBe('env-invalid')
    expect(error.message.split('\n')).toEqual([
      expect.stringMatching(/^SITE_URL=example\.test is not an http\(s\) address/),
      expect.stringMatching(/^SITE_API_BASE=api is not a path or an http\(s\) address/),
    ])
    expect(error.hint).toBe('fix the environment variable and run the command again.')
  })

  it('--release refuses what must not go live, saying the files are valid for a local build', async () => {
    const error = await refusal('validate', '--root', root, '--release')
    expect(error.code).toBe('release-refused')
    expect(error.message).toMatch(
      /^Not ready for release: \d+ problems?\. All 11 content files are valid for a local build\.$/,
    )
    expect(out).toEqual([])
  })

  it('--release passes content ready to go live, saying so after the files are valid', async () => {
    vi.stubEnv('SITE_URL', 'https://www.company.in')
    await site('validate', '--root', root, '--release')
    expect(out).toEqual([
      expect.stringMatching(/^11 content files valid/),
      'Ready for release: no example values, every badge has evidence, https and public origins.',
    ])
    expect(process.exitCode).toBeUndefined()
  })

  it('--json prints files, problems, warnings and drafts, and release problems only with --release', async () => {
    await site('validate', '--root', root, '--json')
    const plain = JSON.parse(out[0] ?? '')
    expect(plain).toEqual({ files: 11, problems: [], warnings: [], drafts: [], releaseProblems: 0 })
    expect(process.exitCode).toBeUndefined()
    await site('validate', '--root', root, '--json', '--release')
    const release = JSON.parse(out[1] ?? '')
    // The release's problems are problems like any other, counted once.
    expect(release.releaseProblems).toBeGreaterThan(0)
    expect(release.problems).toHaveLength(release.releaseProblems)
    expect(process.exitCode).toBe(1)
  })
})

describe('site brochures check', () => {
  it('says how many brochures are present at the storage base of content/site.yaml', async () => {
    await site('brochures', 'check', '--root', root)
    expect(out).toEqual(['1 brochures present at /storage.'])
    expect(err).toEqual([])
  })

  it('names each missing PDF and refuses, at the base given with --storage-base', async () => {
    await rm(path.join(root, 'public/storage/brochures/UHF.pdf'))
    const error = await refusal('brochures', 'check', '--root', root)
    expect(err).toHaveLength(1)
    expect(err[0]).toMatch(/^UHF: \/storage\/brochures\/UHF\.pdf \S/)
    expect(error.code).toBe('brochures-invalid')
    expect(error.message).toBe('1 of 1 brochures are missing or wrong at /storage.')
    expect(error.hint).toBe(
      'upload the PDFs named above to the storage base, or fix their ids in content/brochures.yaml.',
    )
    expect(out).toEqual([])
  })

  it('checks the base given with --storage-base instead', async () => {
    const error = await refusal('brochures', 'check', '--root', root, '--storage-base', '/elsewhere')
    expect(error.message).toBe('1 of 1 brochures are missing or wrong at /elsewhere.')
    expect(err[0]).toMatch(/^UHF: \/elsewhere\/brochures\/UHF\.pdf /)
  })
})
