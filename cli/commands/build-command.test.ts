import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SiteError } from '../../lib/errors.ts'
import { captureConsole, unsetEnv } from '../../tests/console.ts'

// The commands run on the project they live in: here that project is a copy of the valid fixture. What
// they hand their work to answers as a stand-in (the build pipeline, verify's checks, the image encoder;
// each has tests of its own), so the test sees what each command does with its flags and the answers.
const state = vi.hoisted(() => ({
  root: '',
  report: { failures: [], rows: [] } as unknown,
  verifyOptions: undefined as unknown,
  verifyClient: '',
  imagesOptions: undefined as unknown,
  buildOptions: undefined as unknown,
  printed: [] as unknown[],
}))

vi.mock('../../model/paths.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../model/paths.ts')>()
  return { ...real, projectPaths: (root?: string) => real.projectPaths(root ?? state.root) }
})
vi.mock('../build/build-site.ts', async () => {
  const { loadContent } = await import('../../model/content/load.ts')
  return {
    buildSite: async (paths: { content: string }, options: unknown) => {
      state.buildOptions = options
      return {
        run: { content: await loadContent(paths.content), report: state.report },
        ms: 1200,
        stages: [],
      }
    },
  }
})
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

describe('site build', () => {
  it('builds with the flags it was given, prints the verify report, the time and where the links point', async () => {
    await build()
    expect(state.buildOptions).toEqual({
      full: false,
      forceImages: false,
      release: false,
      offline: false,
      verbose: false,
    })
    expect(out[0]).toBe('Building the site:')
    expect(state.printed).toEqual([state.report])
    expect(out.at(-2)).toBe('Built in 1.2 s. dist/client is ready to deploy.')
    expect(out.at(-1)).toMatch(
      /^Note: SITE_URL is not set, so canonical links.* point at https:\/\/example\.test /,
    )
    expect(err).toEqual([])
    await build('--full', '--force-images', '--release', '--offline', '--verbose')
    expect(state.buildOptions).toEqual({
      full: true,
      forceImages: true,
      release: true,
      offline: true,
      verbose: true,
    })
  })

  it('gives no note when SITE_URL is set', async () => {
    process.env.SITE_URL = 'https://www.example.test'
    await build()
    expect(out.at(-1)).toBe('Built in 1.2 s. dist/client is ready to deploy.')
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
