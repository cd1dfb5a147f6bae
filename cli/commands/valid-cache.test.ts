// `site validate` remembers files that were valid (model/content/valid-cache.ts): what it may skip,
// and what it must never skip.
import { cp, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Type } from '@sinclair/typebox'
import { afterEach, describe, expect, it } from 'vitest'
import { readContent } from '../../model/content/load.ts'
import { validKey } from '../../model/content/valid-cache.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function project() {
  const root = await mkdtemp(path.join(tmpdir(), 'site-valid-cache-'))
  dirs.push(root)
  // Without a cache another test may have left in the fixture (the copy starts cold).
  await cp(FIXTURE, root, {
    recursive: true,
    filter: (src) => path.relative(FIXTURE, src).split(path.sep)[0] !== '.cache',
  })
  const content = path.join(root, 'content')
  const cacheFile = path.join(root, '.cache/content/valid.json')
  return { root, content, cacheFile, read: () => readContent(content, root) }
}

const ALPHA = 'content/products/alpha.yaml'

describe('the cache of valid files', () => {
  it('serves an unchanged valid file from the cache instead of reading it again', async () => {
    const { content, cacheFile, read } = await project()
    const first = await read()
    expect(first.problems).toEqual([])
    const stored = JSON.parse(await readFile(cacheFile, 'utf8'))
    expect(Object.keys(stored.files)).toContain(ALPHA)
    // Plant a different name under the same key: only a cache hit can return it.
    stored.files[ALPHA].data.name = 'From the cache'
    await writeFile(cacheFile, JSON.stringify(stored))
    const second = await read()
    expect(second.content?.products.find((p) => p.slug === 'alpha')?.name).toBe('From the cache')
    // An edit changes the key: the file is read again.
    const file = path.join(content, 'products/alpha.yaml')
    await writeFile(file, `${await readFile(file, 'utf8')}\n# edited\n`)
    const third = await read()
    expect(third.content?.products.find((p) => p.slug === 'alpha')?.name).not.toBe('From the cache')
  })

  it('keeps the cache in memory between runs of one process, and reads it again when another process wrote it', async () => {
    const { cacheFile, read } = await project()
    await read()
    const before = await stat(cacheFile)
    const stored = JSON.parse(await readFile(cacheFile, 'utf8'))
    // As long as the name it replaces, so the file keeps its size.
    stored.files[ALPHA].data.name = 'Omega'
    // A write that keeps the modification time and size: this process does not read the file again.
    await writeFile(cacheFile, JSON.stringify(stored))
    await utimes(cacheFile, before.atimeMs / 1000, before.mtimeMs / 1000)
    expect((await read()).content?.products.find((p) => p.slug === 'alpha')?.name).toBe('Alpha')
    // Another process's write moves the time on: read again.
    await utimes(cacheFile, before.atime, new Date(before.mtimeMs + 5000))
    expect((await read()).content?.products.find((p) => p.slug === 'alpha')?.name).toBe('Omega')
  })

  it('never stores a file with a problem: the problem is found again, with its line, on every run', async () => {
    const { content, cacheFile, read } = await project()
    const file = path.join(content, 'products/alpha.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^name: .*$/m, 'name: 42'))
    for (let run = 0; run < 2; run++) {
      const report = await read()
      expect(report.problems.map((p) => `${p.file}:${p.line} ${p.path}`)).toEqual([`${ALPHA}:1 /name`])
    }
    const stored = JSON.parse(await readFile(cacheFile, 'utf8'))
    expect(Object.keys(stored.files)).not.toContain(ALPHA)
  })

  it('reports cross-file problems exactly as a run without the cache does', async () => {
    const { content, cacheFile, read } = await project()
    await read()
    // The catalogue changes (so it is read again) and no longer lists alpha; alpha.yaml, unchanged,
    // comes from the cache, and the problem about it must still name its file and line.
    await writeFile(path.join(content, 'catalogue.yaml'), 'products: []\n')
    const cached = await read()
    await rm(cacheFile)
    const fresh = await read()
    expect(cached.problems.length).toBeGreaterThan(0)
    expect(cached.problems).toEqual(fresh.problems)
  })

  it('keys on the schema too: a stricter schema checks the file again', () => {
    const loose = Type.Object({ name: Type.String() })
    const strict = Type.Object({ name: Type.String({ maxLength: 3 }) })
    expect(validKey('name: Alpha\n', loose)).not.toBe(validKey('name: Alpha\n', strict))
    expect(validKey('name: Alpha\n', loose)).toBe(
      validKey('name: Alpha\n', Type.Object({ name: Type.String() })),
    )
    expect(validKey('name: Alpha\n', loose)).not.toBe(validKey('name: Alpha \n', loose))
  })

  it('treats an unreadable cache as empty', async () => {
    const { cacheFile, read } = await project()
    await read()
    await writeFile(cacheFile, '{not json')
    const report = await read()
    expect(report.problems).toEqual([])
    expect(JSON.parse(await readFile(cacheFile, 'utf8')).version).toBe(1)
  })
})
