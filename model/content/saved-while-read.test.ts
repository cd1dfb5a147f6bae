import { cp, mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { readContent } from './load.ts'

/**
 * A content file an editor saves in place while a build reads it: the editor empties the file, then
 * writes it. A stand-in for that moment, and nothing else: the first read of `alpha.yaml` finds it
 * empty, as a read between the two steps does; the file on disk is whole, and was written just now.
 */
const SAVED = `${path.sep}products${path.sep}alpha.yaml`
const reads = { saved: 0 }
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>()
  return {
    ...real,
    readFile: (async (file: Parameters<typeof real.readFile>[0], ...rest: unknown[]) => {
      if (String(file).endsWith(SAVED) && reads.saved++ === 0) return Buffer.alloc(0)
      return (real.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest)
    }) as typeof real.readFile,
  }
})

let root = ''
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-saved-while-read-'))
  await cp(path.join(import.meta.dirname, '../../tests/fixtures/valid'), root, { recursive: true })
  reads.saved = 0
})
afterEach(() => rm(root, { recursive: true, force: true }))

it('reads a file again that was saved as it was read, and finds it whole', async () => {
  const report = await readContent(path.join(root, 'content'), root)
  expect(report.problems).toEqual([])
  expect(report.content?.products.map((p) => p.slug)).toContain('alpha')
  expect(reads.saved).toBe(2)
})

it('reads once a file that is empty and was saved long before', async () => {
  const long = new Date('2001-01-01T00:00:00Z')
  await utimes(path.join(root, 'content', 'products', 'alpha.yaml'), long, long)
  const report = await readContent(path.join(root, 'content'), root)
  expect(report.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`)).toEqual([
    'content/products/alpha.yaml:1:1 Expected a group of fields, got nothing (an empty value).',
  ])
  expect(reads.saved).toBe(1)
})
