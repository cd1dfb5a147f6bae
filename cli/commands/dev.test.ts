import type { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Command } from 'commander'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadContent } from '../../model/content/load.ts'
import { forgetContent, renderContext, renderFrom } from '../../model/context.ts'
import { manifestFile } from '../../model/images.ts'
import { type ProjectPaths, projectPaths } from '../../model/paths.ts'
import { runImages } from '../images/run.ts'
import { createProgram } from '../index.ts'
import { serialised } from './dev.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')

// `site dev` works on the project it runs in: here, a copy of the fixture. Vike's dev server stands in
// for itself: what it was asked to serve, and a watcher and a page socket the test drives.
const project = vi.hoisted(() => ({
  root: '',
  started: [] as { options: unknown; imagesMade: boolean; logged: number }[],
  server: undefined as
    | undefined
    | {
        printUrls: () => void
        watcher: import('node:events').EventEmitter
        ws: { send: (p: unknown) => void }
      },
  sent: [] as unknown[],
  printed: 0,
  log: [] as string[],
}))
vi.mock('../../model/paths.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../model/paths.ts')>()
  return { ...real, projectPaths: (root?: string) => real.projectPaths(root ?? project.root) }
})
vi.mock('vike/api', async () => {
  const { EventEmitter } = await import('node:events')
  const { existsSync } = await import('node:fs')
  const { join } = await import('node:path')
  return {
    dev: async (options: unknown) => {
      const watcher = new EventEmitter()
      const viteServer = {
        printUrls: () => {
          project.printed++
        },
        watcher,
        environments: {},
        ws: { send: (payload: unknown) => project.sent.push(payload) },
      }
      project.started.push({
        options,
        imagesMade: existsSync(join(project.root, '.cache', 'images', 'manifest.json')),
        logged: project.log.length,
      })
      project.server = viteServer
      return { viteServer }
    },
  }
})

let paths: ProjectPaths
const errors: string[] = []

beforeAll(async () => {
  project.root = await mkdtemp(path.join(tmpdir(), 'site-dev-'))
  await cp(FIXTURE, project.root, { recursive: true })
  paths = projectPaths(project.root)
  // A draft product with an image of its own: `site dev` shows drafts, so it makes their images too.
  const alpha = await readFile(path.join(paths.content, 'products', 'alpha.yaml'), 'utf8')
  await writeFile(
    path.join(paths.content, 'products', 'beta.yaml'),
    `draft: true\n${alpha.replace('name: Alpha', 'name: Beta').replace('headerImage: p/a.svg', 'headerImage: p/c.svg')}`,
  )
  await copyFile(path.join(paths.images, 'p', 'a.svg'), path.join(paths.images, 'p', 'c.svg'))
})

afterAll(async () => {
  await rm(project.root, { recursive: true, force: true })
})

beforeEach(() => {
  project.started.length = 0
  project.sent.length = 0
  project.printed = 0
  project.log.length = 0
  errors.length = 0
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    project.log.push(args.join(' '))
  })
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.join(' '))
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  renderFrom(undefined)
})

const summary = /^\d+ images: \d+ encoded, \d+ cached, /

/**
 * How long a wait may take before it fails: a bound for a loaded CI machine, not a speed (a reload
 * validates the content and re-encodes images; vi.waitFor's own 1 s failed beside stress-ng).
 */
const SLOW_MACHINE = { timeout: 20_000 }
const reloads = () => project.sent.filter((p) => JSON.stringify(p) === '{"type":"full-reload"}').length

async function siteDev(...args: string[]) {
  await createProgram().parseAsync(['dev', ...args], { from: 'user' })
  const server = project.server
  if (!server) throw new Error('site dev started no server')
  return server
}

/**
 * The images of an earlier run, made here so that each test that starts from them holds when it runs
 * alone (a mutation run runs only the tests that cover a mutant, not the ones before them).
 */
async function earlierRun() {
  await runImages(await loadContent(paths.content, { drafts: true }), paths)
  forgetContent()
  project.log.length = 0
}

/** A save of `file` as the dev server's watcher reports it. */
const save = (server: { watcher: EventEmitter }, file: string) => server.watcher.emit('all', 'change', file)

describe('site dev', () => {
  it('makes the images of a new project first, drafts included, then serves it', async () => {
    await siteDev('--port', '0', '--host', '127.0.0.2')
    expect(project.started).toHaveLength(1)
    const [start] = project.started
    expect(start?.imagesMade).toBe(true)
    expect(start?.options).toMatchObject({
      viteConfig: { root: project.root, server: { port: 0, host: '127.0.0.2' } },
    })
    const plugins = (start?.options as { viteConfig: { plugins: { name: string }[] } }).viteConfig.plugins
    expect(plugins.map((p) => p.name)).toEqual(['site-content-errors', 'site-search-dev', 'site-intake-dev'])
    expect(project.printed).toBe(1)
    expect(project.log).toHaveLength(1)
    expect(project.log[0]).toMatch(summary)
    expect(project.log[0]).toMatch(/^3 images: 3 encoded/)
    expect(Object.keys(JSON.parse(await readFile(manifestFile(paths), 'utf8')))).toContain('p/c.svg')
    expect(project.log).not.toContain('The content is valid again.')
    // Pages rendered by this server show the drafts and read this project.
    const { content } = await renderContext()
    expect(content.dir).toBe(paths.content)
    expect(content.products.map((p) => p.slug)).toContain('beta')
  })

  it('starts at once with the images of an earlier run, then brings them up to date and reloads', async () => {
    await earlierRun()
    expect(existsSync(manifestFile(paths))).toBe(true)
    await siteDev()
    expect(project.started[0]?.logged).toBe(0)
    expect(project.started[0]?.options).toMatchObject({
      viteConfig: { server: { port: 3000, host: '127.0.0.1' } },
    })
    await vi.waitFor(() => expect(reloads()).toBe(1), SLOW_MACHINE)
    expect(project.log).toEqual([expect.stringMatching(/^3 images: 0 encoded, 3 cached/)])
  })

  it('refreshes after a save under content/, not after a schema or a file elsewhere', async () => {
    await earlierRun()
    await mkdir(paths.schemas, { recursive: true })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = await siteDev()
    await vi.waitFor(() => expect(reloads()).toBe(1), SLOW_MACHINE)
    for (const file of [
      path.join(paths.schemas, 'product.schema.json'),
      path.join(project.root, 'components', 'Header.tsx'),
      path.join(project.root, 'content.yaml'),
      path.join(`${paths.content}-old`, 'site.yaml'),
    ])
      save(server, file)
    expect(vi.getTimerCount()).toBe(0)
    save(server, path.join(paths.content, 'site.yaml'))
    save(server, path.join(paths.content, 'products', 'alpha.yaml'))
    // One refresh after a burst of saves.
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(60)
    await vi.waitFor(() => expect(reloads()).toBe(2), SLOW_MACHINE)
    expect(project.log.filter((l) => summary.test(l))).toHaveLength(2)
    await rm(paths.schemas, { recursive: true })
  })

  it('prints the problems of a broken save, keeps serving, and says when the content is valid again', async () => {
    await earlierRun()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = await siteDev()
    await vi.waitFor(() => expect(reloads()).toBe(1), SLOW_MACHINE)
    const file = path.join(paths.content, 'site.yaml')
    const good = await readFile(file, 'utf8')
    const refresh = async (n: number) => {
      save(server, file)
      vi.advanceTimersByTime(60)
      await vi.waitFor(() => expect(reloads()).toBe(n), SLOW_MACHINE)
    }
    try {
      await writeFile(file, good.replace('company: Test Company', 'company: [Test Company]'))
      await refresh(2)
      expect(errors.join('\n')).toMatch(/content\/site\.yaml:1:\d+/)
      expect(errors.slice(-2)).toEqual([
        'The content has 1 problem. The browser shows them in place of the pages.',
        'Fix: fix them, then save: the page reloads by itself.',
      ])
      expect(project.log.filter((l) => summary.test(l))).toHaveLength(1)
      await writeFile(file, good)
      await refresh(3)
      expect(project.log.at(-2)).toMatch(summary)
      expect(project.log.at(-1)).toBe('The content is valid again.')
      await refresh(4)
      expect(project.log.filter((l) => l === 'The content is valid again.')).toHaveLength(1)
    } finally {
      await writeFile(file, good)
    }
  })

  it('prints an error that is not about the content as a bug, and keeps serving', async () => {
    await earlierRun()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const server = await siteDev()
    await vi.waitFor(() => expect(reloads()).toBe(1), SLOW_MACHINE)
    // The manifest cannot be written where a folder stands in its way.
    const tmp = `${manifestFile(paths)}.tmp`
    await mkdir(tmp)
    try {
      save(server, path.join(paths.content, 'site.yaml'))
      vi.advanceTimersByTime(60)
      await vi.waitFor(() => expect(reloads()).toBe(2), SLOW_MACHINE)
      expect(errors[0]).toBe(
        'The site CLI hit an unexpected error. This is a bug in the tool, not in your content:',
      )
      expect(errors.join('\n')).not.toContain('The browser shows these problems')
    } finally {
      await rm(tmp, { recursive: true })
    }
  })

  it('explains itself in --help', async () => {
    const program = createProgram().exitOverride()
    let out = ''
    const dev = program.commands.find((c) => c.name() === 'dev') as Command
    dev.exitOverride().configureOutput({
      writeOut: (s) => {
        out += s
      },
    })
    await expect(program.parseAsync(['dev', '--help'], { from: 'user' })).rejects.toThrow()
    expect(out).toContain(
      'Serve the site with live reload; content and image changes show on save, and\nforms post to a scratch intake API.',
    )
    expect(out).toMatch(/--port <n>\s+port to listen on \(default: "3000"\)/)
    expect(out).toMatch(/--host <host>\s+address to listen on \(default: "127.0.0.1"\)/)
    expect(out).toContain(
      '\nA content mistake is printed here and shown in the browser with its file:line:col; fix it and save to reload.',
    )
  })
})

describe('serialised', () => {
  it('runs a task one at a time, and calls during a run collapse into one more run', async () => {
    const runs: (() => void)[] = []
    let started = 0
    const run = serialised(
      () =>
        new Promise<void>((resolve) => {
          started++
          runs.push(resolve)
        }),
    )
    const first = run()
    const second = run()
    void run()
    expect(started).toBe(1)
    expect(second).toBe(first)
    runs.shift()?.()
    await first
    await vi.waitFor(() => expect(started).toBe(2), SLOW_MACHINE)
    runs.shift()?.()
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toBe(2)
    const third = run()
    expect(started).toBe(3)
    runs.shift()?.()
    await third
    expect(started).toBe(3)
  })
})
