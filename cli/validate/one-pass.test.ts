import * as fs from 'node:fs/promises'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { projectPaths } from '../../model/paths.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'
import { validateProject } from './validate-project.ts'

// Every file the validation reads goes through this spy; nothing else in it is changed.
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile) }
})

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
let root = ''

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-one-pass-'))
  await cp(FIXTURE, root, { recursive: true })
  // A badge without evidence and an example value, so every release check finds something to place.
  await replaceIn(
    path.join(root, 'content/site.yaml'),
    'company: Test Company',
    'company: !example Test Company',
  )
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** How often each content file was read during `run`, by its name inside content/. */
async function readsDuring(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const readFile = vi.mocked(fs.readFile)
  readFile.mockClear()
  await run()
  const content = path.join(root, 'content')
  const counts = new Map<string, number>()
  for (const [file] of readFile.mock.calls) {
    const name = path.relative(content, String(file))
    if (name.startsWith('..') || name.startsWith('images') || name.startsWith('schemas')) continue
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return counts
}

describe('validation in one pass', () => {
  it('reads each content file once, release checks included', async () => {
    const paths = projectPaths(root)
    let result: Awaited<ReturnType<typeof validateProject>> | undefined
    const reads = await readsDuring(async () => {
      result = await validateProject(paths, { release: true, schemas: true, env: {} })
    })
    // The release found what was planted, so its checks ran over the files.
    expect(result?.problems.map((p) => p.code)).toContain('example-value')
    expect([...reads.keys()].sort()).toEqual([
      'brochures.yaml',
      'catalogue.yaml',
      'categories.yaml',
      'pages/about.yaml',
      'pages/home.yaml',
      'pages/privacy-policy.md',
      'pages/railways.yaml',
      'pages/space.yaml',
      'pages/webandcloud.yaml',
      'products/alpha.yaml',
      'site.yaml',
    ])
    expect([...reads].filter(([, n]) => n !== 1)).toEqual([])
  })
})
