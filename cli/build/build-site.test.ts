import { createHash } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isSiteError, SiteError } from '../../lib/errors.ts'
import { type ProjectPaths, projectPaths } from '../../model/paths.ts'
import { unsetEnv } from '../../tests/console.ts'
import { readBuildInfo } from './build-info.ts'
import { buildSite } from './build-site.ts'
import type { Stage } from './run-stages.ts'
import { BUILD_STAGES, type BuildOptions, type BuildRun } from './stages.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const OPTIONS: BuildOptions = {
  full: false,
  forceImages: false,
  release: false,
  offline: false,
  verbose: false,
}
const ENV = ['SITE_URL', 'SITE_API_BASE', 'SITE_STORAGE_BASE', 'SITE_ASSET_BASE'] as const

let paths: ProjectPaths
let lines: string[]

/**
 * The build's own stages where they run on a fixture (validate, images, cdn files), and
 * stand-ins for the three that need the whole site's pages (a Vike pre-render, its search index and
 * verify): the stand-ins write a small site into the staging folder, as the real ones do.
 */
function stages(edit: (name: string, stage: Stage<BuildRun>) => Stage<BuildRun> = (_, s) => s) {
  const standIns: Record<string, Stage<BuildRun>['run']> = {
    'pre-render': async (run) => {
      for (const [file, text] of Object.entries({
        'index.html': '<!doctype html><title>New home</title><h1>New</h1>',
        'products/alpha/index.html': '<!doctype html><title>Alpha</title><h1>Alpha</h1>',
      })) {
        await mkdir(path.dirname(path.join(run.staging.client, file)), { recursive: true })
        await writeFile(path.join(run.staging.client, file), text)
      }
      return '2 pages written'
    },
    search: async (run) => {
      await mkdir(path.join(run.staging.client, 'pagefind'), { recursive: true })
      await writeFile(path.join(run.staging.client, 'pagefind/pagefind.js'), 'export {}')
      return '2 pages indexed'
    },
    verify: async () => '2 pages',
  }
  return BUILD_STAGES.map((stage) => {
    const standIn = standIns[stage.name]
    return edit(stage.name, standIn ? { name: stage.name, run: standIn } : stage)
  })
}

/** Every file under a folder with a hash of its bytes, and the folder's own time. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files: Record<string, string> = { '.': String((await stat(dir)).mtimeMs) }
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name)
    files[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
  }
  return files
}

/** A site an earlier build left, made on 2026-11-20 at 09:30:00 local time. */
async function previousBuild() {
  const client = paths.client
  await mkdir(path.join(client, 'assets'), { recursive: true })
  await writeFile(path.join(client, 'index.html'), '<!doctype html><title>Old home</title><h1>Old</h1>')
  await writeFile(path.join(client, 'assets/app.js'), 'console.log("old")')
  const then = new Date(2026, 10, 20, 9, 30, 0)
  await utimes(client, then, then)
}

beforeEach(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'site-build-site-'))
  await cp(FIXTURE, root, { recursive: true })
  paths = projectPaths(root)
  lines = []
  unsetEnv(ENV)
  // The images stage reports progress on a terminal only; the tests read its summary line.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
})

afterEach(async () => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  await rm(paths.root, { recursive: true, force: true })
})

const build = (list: readonly Stage<BuildRun>[] = stages(), options: Partial<BuildOptions> = {}) =>
  buildSite(paths, { ...OPTIONS, ...options }, list, (line) => lines.push(line))

describe('buildSite', () => {
  it('runs every stage in order into the staging folder, then puts the new site in dist/client', async () => {
    await previousBuild()
    const { stages: results, run } = await build()
    expect(results.map((r) => r.name)).toEqual(BUILD_STAGES.map((s) => s.name))
    expect(results.map((r) => r.summary).slice(0, 2)).toEqual([
      '11 content files valid; 1 brochure present at /storage',
      expect.stringMatching(/^2 images: 2 encoded, 0 cached/),
    ])
    expect(lines).toHaveLength(BUILD_STAGES.length)
    expect(await readFile(path.join(paths.client, 'index.html'), 'utf8')).toContain('New home')
    expect(await readdir(paths.client)).toEqual(
      expect.arrayContaining(['index.html', 'products', 'pagefind', 'sitemap.xml', '_headers']),
    )
    // The old site's files are gone with it, and so is the staging folder.
    await expect(stat(path.join(paths.client, 'assets/app.js'))).rejects.toThrow()
    expect((await readdir(paths.dist)).sort()).toEqual(['build.json', 'client'])
    expect(run.content?.products.map((p) => p.slug)).toEqual(['alpha'])
    expect(await readBuildInfo(paths.client)).toMatchObject({
      release: false,
      config: { siteUrl: 'https://example.test', storageBase: '/storage' },
    })
  })

  it('records the settings of the build, so verify judges the site by them', async () => {
    vi.stubEnv('SITE_URL', 'https://www.company.in')
    vi.stubEnv('SITE_STORAGE_BASE', '/files')
    await mkdir(path.join(paths.public, 'files/brochures'), { recursive: true })
    await cp(
      path.join(paths.public, 'storage/brochures/UHF.pdf'),
      path.join(paths.public, 'files/brochures/UHF.pdf'),
    )
    await build()
    expect((await readBuildInfo(paths.client))?.config).toMatchObject({
      siteUrl: 'https://www.company.in',
      storageBase: '/files',
    })
  })

  for (const failing of BUILD_STAGES.map((s) => s.name))
    it(`a failure at "${failing}" leaves dist/client exactly as it was, and says so`, async () => {
      await previousBuild()
      const before = await snapshot(paths.client)
      let after = false
      const list = stages((name, stage) =>
        name === failing
          ? {
              name,
              run: async (run) => {
                // The stage got as far as writing part of its output before it stopped.
                await mkdir(run.staging.client, { recursive: true })
                await writeFile(path.join(run.staging.client, 'index.html'), 'half a page')
                throw new SiteError('stage-failed', `${name} could not finish.`, 'fix it.')
              },
            }
          : {
              name,
              run: async (run) => {
                if (
                  BUILD_STAGES.findIndex((s) => s.name === name) >
                  BUILD_STAGES.findIndex((s) => s.name === failing)
                )
                  after = true
                return stage.run(run)
              },
            },
      )
      const error = await build(list).catch((e: unknown) => e)
      expect(isSiteError(error) && error.message).toBe(
        `The build stopped at "${failing}": ${failing} could not finish. dist/client is unchanged: it still holds the build of 2026-11-20 09:30:00.`,
      )
      expect(after).toBe(false)
      expect(await snapshot(paths.client)).toEqual(before)
      expect(await readdir(paths.dist)).toEqual(['client'])
    })

  it('says so when there was no earlier build to keep', async () => {
    const list = stages((name, stage) =>
      name === 'images'
        ? {
            name,
            run: async () => {
              throw new SiteError('x', 'stopped.')
            },
          }
        : stage,
    )
    const error = (await build(list).catch((e: unknown) => e)) as SiteError
    expect(error.message).toBe(
      'The build stopped at "images": stopped. dist/client was not there before this build and is still not.',
    )
    await expect(readdir(paths.dist)).resolves.toEqual([])
  })

  it('names the content problem behind an error from deep inside a stage, instead of a stack', async () => {
    await previousBuild()
    // Content that validate would refuse (a duplicate brochure id), reaching a later stage that fails on
    // it the way Vike does, with its own words and no file name.
    const list = stages((name, stage) =>
      name === 'pre-render'
        ? {
            name,
            run: async (run) => {
              const file = path.join(run.paths.content, 'brochures.yaml')
              const text = await readFile(file, 'utf8')
              await writeFile(file, `${text}  - id: UHF\n    title: UHF again\n`)
              throw new Error(
                '[vike][Wrong Usage] URL /brochures/UHF provided twice by onBeforePrerenderStart()',
              )
            },
          }
        : stage,
    )
    const error = (await build(list).catch((e: unknown) => e)) as SiteError
    expect(isSiteError(error)).toBe(true)
    expect(error.code).toBe('content-invalid')
    expect(error.message).toMatch(
      /^The build stopped after .* on a problem in the content \(\[vike\]\[Wrong Usage\] URL/,
    )
    expect(error.message).toMatch(
      /dist\/client is unchanged: it still holds the build of 2026-11-20 09:30:00\.$/,
    )
    expect(error.problems.map((p) => `${p.file}:${p.line} ${p.code}`)).toEqual([
      'content/brochures.yaml:4 duplicate-brochure',
    ])
  })

  it('passes on a bug in the tool as itself, with what happened to dist/client', async () => {
    const bug = new TypeError('x is not a function')
    const list = stages((name, stage) =>
      name === 'search'
        ? {
            name,
            run: async () => {
              throw bug
            },
          }
        : stage,
    )
    const error = await build(list).catch((e: unknown) => e)
    expect(error).toBe(bug)
    expect(bug.message).toBe(
      'x is not a function\n(dist/client was not there before this build and is still not.)',
    )
  })

  it('refuses a malformed SITE_* variable before any stage or folder', async () => {
    vi.stubEnv('SITE_ASSET_BASE', 'media')
    const error = (await build().catch((e: unknown) => e)) as SiteError
    expect(error.code).toBe('env-invalid')
    expect(error.message).toMatch(
      /^SITE_ASSET_BASE=media is not .*\nNothing was built; dist\/ is unchanged\.$/,
    )
    expect(lines).toEqual([])
    await expect(stat(paths.dist)).rejects.toThrow()
  })
})
