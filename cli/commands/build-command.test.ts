import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SiteError } from '../../lib/errors.ts'
import { productTemplate } from '../scaffold/product.ts'
import { captureConsole, unsetEnv } from '../testing.ts'

// `site build` runs on the project it lives in: here that project is a copy of the valid fixture, and the
// stages that need a Vike build or a built site (pre-render, search, verify) and the image encoder answer
// as stand-ins, so the test sees what the command does with their answers.
const state = vi.hoisted(() => ({
  root: '',
  report: { failures: [], rows: [] } as unknown,
  verifyOptions: undefined as unknown,
  verifyClient: '',
  imagesOptions: undefined as unknown,
  printed: [] as unknown[],
}))

vi.mock('../../renderer/paths.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../renderer/paths.ts')>()
  return { ...real, projectPaths: (root?: string) => real.projectPaths(root ?? state.root) }
})
vi.mock('../../renderer/context.ts', () => ({ renderContext: async () => ({}) }))
vi.mock('../build/prerender.ts', () => ({ prerender: async () => ({ pages: 7 }) }))
vi.mock('../search/site-index.ts', () => ({
  buildSiteIndex: async () => ({ pages: 7, words: 1234, bytes: 20_480 }),
}))
vi.mock('../images/run.ts', () => ({
  runImages: async (_content: unknown, _paths: unknown, options: unknown) => {
    state.imagesOptions = options
    return {}
  },
  summaryLine: () => '3 images, 0 encoded',
}))
vi.mock('../verify/run.ts', () => ({
  verifyBuild: async (client: string, _content: unknown, _paths: unknown, options: unknown) => {
    state.verifyClient = client
    state.verifyOptions = options
    return state.report
  },
  printReport: (report: unknown) => {
    state.printed.push(report)
  },
}))

const { createProgram } = await import('../index.ts')

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const ENV = ['SITE_URL', 'SITE_API_BASE', 'SITE_STORAGE_BASE', 'SITE_ASSET_BASE'] as const
let out: string[] = []
let err: string[] = []
const ROWS = [{}, {}]

beforeEach(async () => {
  state.root = await mkdtemp(path.join(tmpdir(), 'site-build-'))
  await cp(FIXTURE, state.root, { recursive: true })
  await mkdir(path.join(state.root, 'dist/client'), { recursive: true })
  await writeFile(path.join(state.root, 'dist/client/index.html'), '<!doctype html><title>Home</title>')
  state.report = { failures: [], rows: ROWS }
  state.printed = []
  state.verifyOptions = undefined
  state.imagesOptions = undefined
  unsetEnv(ENV)
  ;({ out, err } = captureConsole())
})

afterEach(async () => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  await rm(state.root, { recursive: true, force: true })
})

function build(...args: string[]): Promise<unknown> {
  return createProgram().parseAsync(['build', ...args], { from: 'user' })
}

async function refusal(...args: string[]): Promise<SiteError> {
  return (await build(...args).then(
    () => {
      throw new Error('the build did not stop')
    },
    (e: unknown) => e,
  )) as SiteError
}

/** The stage lines as `name: summary`, without the padding and times. */
function stages(): string[] {
  return out
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim().replace(/^(\S+(?: files)?) +(.*?) +\S+ m?s$/, '$1: $2'))
}

describe('site build', () => {
  it('runs every stage in order, says what each did, prints the verify report and where the links point', async () => {
    await build()
    expect(out[0]).toBe('Building the site:')
    expect(stages()).toEqual([
      'validate: 10 content files valid',
      'images: 3 images, 0 encoded',
      'brochures: 1 brochures present at /storage',
      'pre-render: 7 pages written to dist/client',
      'search: 7 pages, 1234 words indexed, 20.0 KB',
      expect.stringMatching(/^cdn files: sitemap \(\d+ pages\), robots\.txt, _headers, _redirects$/),
      'verify: 2 pages: routes, links, head tags, sitemap, budgets, search',
    ])
    expect(state.printed).toEqual([state.report])
    expect(state.imagesOptions).toEqual({ force: false })
    expect(state.verifyOptions).toEqual({ offline: true, timeoutMs: 10_000 })
    expect(out.at(-2)).toMatch(/^Built in \d+(\.\d)? m?s\. dist\/client is ready to deploy\.$/)
    expect(out.at(-1)).toMatch(
      /^Note: SITE_URL is not set, so canonical links.* point at https:\/\/example\.test /,
    )
    expect(err).toEqual([])
  })

  it('encodes every image again with --force-images, and gives no note when SITE_URL is set', async () => {
    process.env.SITE_URL = 'https://www.example.test'
    await build('--force-images')
    expect(state.imagesOptions).toEqual({ force: true })
    expect(out.at(-1)).toMatch(/^Built in /)
  })

  it('names the drafts the build leaves out', async () => {
    const draft = (name: string) =>
      writeFile(
        path.join(state.root, `content/products/${name}.yaml`),
        // Each its own name: two products may not share one, drafts included.
        `draft: true\n${productTemplate(name).replace('TODO: display name as in the menu', name)}`,
      )
    await draft('beta')
    await build()
    expect(stages()[0]).toBe('validate: 11 content files valid; left out 1 draft: beta')
    await draft('gamma')
    out.length = 0
    await build()
    expect(stages()[0]).toBe('validate: 12 content files valid; left out 2 drafts: beta, gamma')
  })

  it('--release builds content ready to go live and says so', async () => {
    vi.stubEnv('SITE_URL', 'https://www.company.in')
    await build('--release')
    expect(stages()[0]).toBe('validate: 10 content files valid and ready for release')
    expect(out.at(-1)).toMatch(/^Built in .* dist\/client is ready to deploy\.$/)
  })

  it('refuses a malformed SITE_* variable before any stage', async () => {
    process.env.SITE_ASSET_BASE = 'media'
    process.env.SITE_STORAGE_BASE = 'storage'
    const error = await refusal()
    expect(error.code).toBe('env-invalid')
    expect(error.message).toMatch(
      /^SITE_STORAGE_BASE=storage is not .*\nSITE_ASSET_BASE=media is not .*\nNothing was built; dist\/ is unchanged\.$/,
    )
    expect(error.hint).toBe('fix the environment variable and build again.')
    expect(out).toEqual([])
  })

  it('stops at validate when the content has problems', async () => {
    await writeFile(path.join(state.root, 'content/catalogue.yaml'), 'products: [alpha, missing]\n')
    const error = await refusal()
    expect(error.code).toBe('content-invalid')
    expect(error.message).toBe(
      'The build stopped at "validate": the content has problems. Nothing was written to dist/.',
    )
    expect(error.hint).toBe('fix the problems above, then run `site build` again.')
    expect(error.problems.length).toBeGreaterThan(0)
    expect(out.slice(1)).toEqual([expect.stringMatching(/^ {2}validate +failed after \d+ m?s$/)])
  })

  it('stops at brochures, naming each missing PDF', async () => {
    await rm(path.join(state.root, 'public/storage/brochures/UHF.pdf'))
    const error = await refusal()
    expect(err).toEqual([expect.stringMatching(/^ {2}UHF: \/storage\/brochures\/UHF\.pdf \S/)])
    expect(error.code).toBe('brochures-invalid')
    expect(error.message).toBe(
      'The build stopped at "brochures": 1 of 1 brochures are missing or wrong at /storage. Nothing was written to dist/.',
    )
    expect(error.hint).toBe('upload the PDFs named above, or fix content/brochures.yaml.')
  })

  it('stops at verify with the report printed once when the built site has failures', async () => {
    state.report = { failures: [{}, {}, {}], rows: ROWS }
    const error = await refusal()
    expect(state.printed).toEqual([state.report])
    expect(error.code).toBe('verify-failed')
    expect(error.message).toBe(
      'The build stopped at "verify": 3 problems in the built site; do not release dist/client.',
    )
    expect(error.hint).toBe('fix the pages or content named above and build again.')
  })
})

describe('site verify', () => {
  it('checks dist/client with outbound links and prints the report', async () => {
    await createProgram().parseAsync(['verify'], { from: 'user' })
    expect(state.verifyClient).toBe(path.join(state.root, 'dist/client'))
    expect(state.verifyOptions).toEqual({ offline: false, timeoutMs: 10_000 })
    expect(state.printed).toEqual([state.report])
    expect(out).toEqual([])
  })

  it('checks --dist offline with --link-timeout, and refuses a timeout out of range', async () => {
    await createProgram().parseAsync(['verify', '--dist', state.root, '--offline', '--link-timeout', '100'], {
      from: 'user',
    })
    expect(state.verifyClient).toBe(state.root)
    expect(state.verifyOptions).toEqual({ offline: true, timeoutMs: 100 })
    const error = (await createProgram()
      .parseAsync(['verify', '--link-timeout', '99'], { from: 'user' })
      .catch((e: unknown) => e)) as SiteError
    expect(error.hint).toBe('e.g. --link-timeout 5000')
  })

  it('refuses a built site with failures, naming where it is', async () => {
    state.report = { failures: [{}, {}, {}], rows: ROWS }
    vi.spyOn(process, 'cwd').mockReturnValue(state.root)
    const error = (await createProgram()
      .parseAsync(['verify'], { from: 'user' })
      .catch((e: unknown) => e)) as SiteError
    expect(error.code).toBe('verify-failed')
    expect(error.message).toBe('3 problems in the built site at dist/client; do not release it.')
    expect(error.hint).toBe('fix the pages or content named above and build again.')
    expect(state.printed).toEqual([state.report])
    const here = (await createProgram()
      .parseAsync(['verify', '--dist', '.'], { from: 'user' })
      .catch((e: unknown) => e)) as SiteError
    expect(here.message).toBe('3 problems in the built site at .; do not release it.')
  })

  it('--json prints the report as JSON and sets exit code 1 on failures instead of throwing', async () => {
    const exitCode = process.exitCode
    try {
      await createProgram().parseAsync(['verify', '--json'], { from: 'user' })
      expect(JSON.parse(out[0] ?? '')).toEqual(state.report)
      expect(process.exitCode).toBe(exitCode)
      state.report = { failures: [{}], rows: ROWS }
      await createProgram().parseAsync(['verify', '--json'], { from: 'user' })
      expect(JSON.parse(out[1] ?? '')).toEqual(state.report)
      expect(process.exitCode).toBe(1)
      expect(state.printed).toEqual([])
    } finally {
      process.exitCode = exitCode
    }
  })

  it('--release refuses content that must not go live before checking the build', async () => {
    const error = (await createProgram()
      .parseAsync(['verify', '--release'], { from: 'user' })
      .catch((e: unknown) => e)) as SiteError
    expect(error.message).toMatch(/^Not ready for release: \d+ problems?\. Do not release this build\.$/)
    expect(state.verifyOptions).toBeUndefined()
  })

  it('--release checks the build of content ready to go live', async () => {
    vi.stubEnv('SITE_URL', 'https://www.company.in')
    await createProgram().parseAsync(['verify', '--release', '--offline'], { from: 'user' })
    expect(state.verifyOptions).toEqual({ offline: true, timeoutMs: 10_000 })
    expect(state.printed).toEqual([state.report])
  })
})

describe('site schemas', () => {
  it('writes the JSON Schemas that changed, then says they are up to date', async () => {
    await rm(path.join(state.root, 'content/schemas'), { recursive: true, force: true })
    await createProgram().parseAsync(['schemas'], { from: 'user' })
    expect(out[0]).toMatch(/^Updated \S+\.json(, \S+\.json)+\.$/)
    await createProgram().parseAsync(['schemas'], { from: 'user' })
    expect(out[1]).toBe('The JSON Schemas are up to date.')
  })
})

describe('site images', () => {
  it('encodes the content images of --root, with --force and --avif passed on, and prints the summary', async () => {
    await createProgram().parseAsync(['images', '--root', state.root], { from: 'user' })
    expect(state.imagesOptions).toEqual({ force: false, avif: false })
    expect(out[0]).toMatch(/^3 images, 0 encoded/)
    await createProgram().parseAsync(['images', '--root', state.root, '--force', '--avif'], { from: 'user' })
    expect(state.imagesOptions).toEqual({ force: true, avif: true })
  })
})
