import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheSide, openShotCache, reviewCode } from './shot-cache.ts'

let scratch = ''
let file = ''
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'shot-cache-'))
  file = path.join(scratch, 'review-shots.json')
})
afterEach(() => rm(scratch, { recursive: true, force: true }))

/** A built site in `name`: two pages, each with its own script, and a stylesheet they share. */
async function site(name: string, files: Record<string, string> = {}) {
  const client = path.join(scratch, name)
  const all: Record<string, string> = {
    'index.html': '<h1>Home</h1>',
    'aboutus/index.html': '<h1>About</h1>',
    'assets/site.css': 'body{margin:0}',
    'assets/home.js': 'home()',
    'assets/about.js': 'about()',
    '404.html': '<h1>Not found</h1>',
    ...files,
  }
  for (const [file, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(client, file)), { recursive: true })
    await writeFile(path.join(client, file), text)
  }
  return client
}

const root = process.cwd()
/** `client` as the cache reads it, shot in browser `browser` with the review code under `code`. */
const at = async (client: string, browser = '140', assetBase?: string, code = root) =>
  cacheSide(client, await reviewCode(code, browser), assetBase)
const homeLoads = ['/', '/assets/home.js', '/assets/site.css', '/media/missing.webp', 'url:data:']
const widths = [360, 1440]

/** A cache that remembers the home page of `client` as shot with `homeLoads`. */
async function remembered(client: string) {
  const cache = await openShotCache(file)
  await cache.remember(await at(client), '/', homeLoads, { 360: 'narrow', 1440: 'wide' })
  await cache.save()
  return openShotCache(file)
}

describe('the shot cache', () => {
  it('knows a page whose loaded files have the same bytes, in a copy anywhere (as the release a build replaces)', async () => {
    const a = await site('a')
    const cache = await remembered(a)
    await cp(a, path.join(scratch, 'b'), { recursive: true })
    const copy = await at(path.join(scratch, 'b'))
    expect(await cache.find(copy, '/', widths)).toEqual(['narrow', 'wide'])
    expect(await cache.find(copy, '/', [1440])).toEqual(['wide'])
    // Another route has its own record, and a width never shot is not known.
    expect(await cache.find(copy, '/aboutus', widths)).toBeUndefined()
    expect(await cache.find(copy, '/', [360, 1000])).toBeUndefined()
  })

  it('knows it still when a file the page did not load changed (a change elsewhere in the site)', async () => {
    const cache = await remembered(await site('a'))
    const other = await site('b', {
      'assets/about.js': 'about(2)',
      'aboutus/index.html': '<h1>About us</h1>',
    })
    expect(await cache.find(await at(other), '/', widths)).toEqual(['narrow', 'wide'])
  })

  it('does not know it after one byte of a loaded file, a file found where there was none, or the 404 page changed', async () => {
    const cache = await remembered(await site('a'))
    for (const [name, files] of [
      ['css', { 'assets/site.css': 'body{margin:1px}' }],
      ['html', { 'index.html': '<h1>Home!</h1>' }],
      ['found', { 'media/missing.webp': 'RIFF' }],
      ['not-found', { '404.html': '<h1>Gone</h1>' }],
    ] as const) {
      const changed = await at(await site(name, files))
      expect(await cache.find(changed, '/', widths), name).toBeUndefined()
    }
  })

  it('does not know it in another browser, with other review code or another asset base', async () => {
    const a = await site('a')
    const cache = await remembered(a)
    expect(await cache.find(await at(a, '141'), '/', widths)).toBeUndefined()
    expect(await cache.find(await at(a, '140', 'https://cdn.example.com/media'), '/', widths)).toBe(undefined)
    const code = path.join(scratch, 'code')
    await cp(path.join(root, 'cli'), path.join(code, 'cli'), { recursive: true })
    await writeFile(path.join(code, 'cli', 'review', 'settle.ts'), '// another way to settle a page\n', {
      flag: 'a',
    })
    expect(await cache.find(await at(a, '140', undefined, code), '/', widths)).toBeUndefined()
  })

  it('keeps the last eight records of a route, newest first', async () => {
    const cache = await openShotCache(file)
    for (let i = 0; i < 9; i++) {
      const client = await site(`v${i}`, { 'assets/site.css': `body{margin:${i}px}` })
      await cache.remember(await at(client), '/', homeLoads, { 360: `hash-${i}` })
    }
    await cache.save()
    const reopened = await openShotCache(file)
    const side = (i: number) => at(path.join(scratch, `v${i}`))
    expect(await reopened.find(await side(8), '/', [360])).toEqual(['hash-8'])
    expect(await reopened.find(await side(1), '/', [360])).toEqual(['hash-1'])
    expect(await reopened.find(await side(0), '/', [360])).toBeUndefined()
  })

  it('starts empty from a file it cannot read, or one an older review wrote', async () => {
    const a = await at(await site('a'))
    await writeFile(file, '{not json')
    expect(await (await openShotCache(file)).find(a, '/', widths)).toBeUndefined()
    await writeFile(file, JSON.stringify({ order: ['side'], sides: { side: { '/': { 360: 'x' } } } }))
    expect(await (await openShotCache(file)).find(a, '/', [360])).toBeUndefined()
  })
})
