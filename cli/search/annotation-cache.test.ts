import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { annotate } from './annotate.ts'
import { openAnnotationCache } from './annotation-cache.ts'
import type { SearchPage } from './pages.ts'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'annotation-cache-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const page = (route: string): SearchPage => ({
  route,
  meta: { title: route, category: 'Smart home' },
  weights: { h1: 10 },
  extra: [],
})
const html = (words: string) =>
  `<html><body><header>menu</header><main><h1>${words}</h1></main></body></html>`
/** The files the cache keeps for `toolKey`, as `{ name: text }`. */
async function kept(): Promise<Record<string, string>> {
  const root = path.join(dir, 'search')
  const files: Record<string, string> = {}
  for (const tool of await readdir(root))
    for (const name of await readdir(path.join(root, tool)))
      files[`${tool}/${name}`] = await readFile(path.join(root, tool, name), 'utf8')
  return files
}

describe('the search annotation cache', () => {
  it('marks a page up once and reads it from its file the next build, as annotate gave it', async () => {
    const first = await openAnnotationCache(dir, 'tool-1')
    const marked = await first.annotate(html('Smart plug'), page('/a'))
    expect(marked).toEqual(annotate(html('Smart plug'), page('/a')))
    await first.save()
    const [name] = Object.keys(await kept())
    expect(name).toMatch(/^[0-9a-f]{16}\/[0-9a-f]{64}\.json$/)
    // What the next build gets is the file's, not a fresh parse: change the file and see it come back.
    const file = path.join(dir, 'search', name ?? '')
    await writeFile(file, JSON.stringify({ html: '<main>kept</main>', text: 'kept' }))
    const second = await openAnnotationCache(dir, 'tool-1')
    expect(await second.annotate(html('Smart plug'), page('/a'))).toEqual({
      html: '<main>kept</main>',
      text: 'kept',
    })
    // Another page, or the same HTML under another route, is marked up on its own.
    expect((await second.annotate(html('Smart plug'), page('/b'))).text).toBe(marked.text)
  })

  it('keeps only the pages the last build used, and one version of the tool', async () => {
    const old = await openAnnotationCache(dir, 'tool-1')
    await old.annotate(html('One'), page('/one'))
    await old.annotate(html('Two'), page('/two'))
    await old.save()
    const [oldTool] = Object.keys(await kept()).map((file) => file.split('/')[0])
    await writeFile(path.join(dir, 'search.json'), '{"toolKey":"tool-0","pages":{}}')
    const again = await openAnnotationCache(dir, 'tool-1')
    await again.annotate(html('Two'), page('/two'))
    await again.save()
    expect(Object.values(await kept())).toEqual([JSON.stringify(annotate(html('Two'), page('/two')))])
    const next = await openAnnotationCache(dir, 'tool-2')
    await next.annotate(html('Two'), page('/two'))
    await next.save()
    const files = Object.keys(await kept())
    expect(files).toHaveLength(1)
    expect(files[0]?.split('/')[0]).not.toBe(oldTool)
    await expect(readFile(path.join(dir, 'search.json'))).rejects.toThrow()
  })

  it('marks a page up again when its file was left half written by a stopped build', async () => {
    const first = await openAnnotationCache(dir, 'tool-1')
    await first.annotate(html('Gateway'), page('/g'))
    const [name] = Object.keys(await kept())
    await writeFile(path.join(dir, 'search', name ?? ''), '{"html":"<main>Gate')
    const second = await openAnnotationCache(dir, 'tool-1')
    expect(await second.annotate(html('Gateway'), page('/g'))).toEqual(annotate(html('Gateway'), page('/g')))
  })
})
