import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openShotCache, sideKey } from './shot-cache.ts'

let scratch = ''
beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'shot-cache-'))
})
afterEach(() => rm(scratch, { recursive: true, force: true }))

/** A built site of two files, in `name`. */
async function site(name: string, css = 'body{margin:0}') {
  const client = path.join(scratch, name)
  await mkdir(path.join(client, 'assets'), { recursive: true })
  await writeFile(path.join(client, 'index.html'), '<h1>Home</h1>')
  await writeFile(path.join(client, 'assets', 'site.css'), css)
  return client
}

const root = process.cwd()

describe('sideKey', () => {
  it('is the same for a byte-identical copy anywhere, as the release a build replaces is', async () => {
    const a = await site('a')
    await cp(a, path.join(scratch, 'b'), { recursive: true })
    expect(await sideKey(path.join(scratch, 'b'), undefined, root, '140')).toBe(
      await sideKey(a, undefined, root, '140'),
    )
  })

  it('changes with one byte of any file, the asset base and the browser', async () => {
    const a = await site('a')
    const key = await sideKey(a, undefined, root, '140')
    expect(await sideKey(await site('b', 'body{margin:1px}'), undefined, root, '140')).not.toBe(key)
    expect(await sideKey(a, 'https://cdn.example.com/media', root, '140')).not.toBe(key)
    expect(await sideKey(a, undefined, root, '141')).not.toBe(key)
  })
})

describe('openShotCache', () => {
  it('finds what an earlier review saw, and forgets the oldest sides past eight', async () => {
    const file = path.join(scratch, 'review-shots.json')
    const first = await openShotCache(file)
    expect(first.get('side-0', '/')).toBeUndefined()
    for (let i = 0; i < 9; i++) first.set(`side-${i}`, '/', 360, `hash-${i}`)
    first.set('side-8', '/', 1440, 'wide')
    await first.save()
    const second = await openShotCache(file)
    expect(second.get('side-8', '/')).toEqual({ 360: 'hash-8', 1440: 'wide' })
    expect(second.get('side-1', '/')).toEqual({ 360: 'hash-1' })
    expect(second.get('side-0', '/')).toBeUndefined()
  })

  it('starts empty from a file it cannot read', async () => {
    const file = path.join(scratch, 'review-shots.json')
    await writeFile(file, '{not json')
    expect((await openShotCache(file)).get('side', '/')).toBeUndefined()
  })
})
