import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { shotHash } from './capture.ts'
import { openShotStore } from './shot-store.ts'

let folder = ''
beforeEach(async () => {
  folder = path.join(await mkdtemp(path.join(tmpdir(), 'shot-store-')), 'review-shots')
})
afterEach(() => rm(path.dirname(folder), { recursive: true, force: true }))

/** A stand-in PNG (the store reads bytes and their hash, never pixels) and its hash. */
const shot = (text: string) => {
  const png = Buffer.from(text)
  return { png, hash: shotHash(png) }
}

describe('the shot store', () => {
  it('gives back the PNG kept under its hash, from another opening (the next review)', async () => {
    const a = shot('a page at 360 px')
    await openShotStore(folder).write(a.hash, a.png)
    expect(await openShotStore(folder).read(a.hash)).toEqual(a.png)
    expect(await readdir(folder)).toEqual([`${a.hash}.png`])
  })

  it('gives nothing for a PNG it never kept, or one whose bytes no longer hash to its name', async () => {
    const store = openShotStore(folder)
    const a = shot('a page at 360 px')
    expect(await store.read(a.hash)).toBeUndefined()
    await store.write(a.hash, a.png)
    const file = path.join(folder, `${a.hash}.png`)
    const bytes = await readFile(file)
    // One byte changed, and a file cut short (a write the system lost).
    await writeFile(file, Buffer.from(bytes.map((byte, i) => (i === 3 ? byte ^ 1 : byte))))
    expect(await store.read(a.hash)).toBeUndefined()
    await writeFile(file, bytes.subarray(0, 5))
    expect(await store.read(a.hash)).toBeUndefined()
    // Written again, it is read again.
    await store.write(a.hash, a.png)
    expect(await store.read(a.hash)).toEqual(a.png)
  })

  it('prunes to the PNGs named, and what a killed review left half written', async () => {
    const store = openShotStore(folder)
    const [a, b, c] = [shot('a'), shot('b'), shot('c')]
    for (const { hash, png } of [a, b, c]) await store.write(hash, png)
    await writeFile(path.join(folder, `${a.hash}.1234.tmp`), 'half')
    expect(await store.prune(new Set([a.hash, c.hash, shot('never kept').hash]))).toEqual({
      kept: 2,
      removed: 2,
      bytes: 2,
    })
    expect((await readdir(folder)).sort()).toEqual([`${a.hash}.png`, `${c.hash}.png`].sort())
    expect(await store.read(b.hash)).toBeUndefined()
    expect(await store.read(c.hash)).toEqual(c.png)
  })

  it('prunes a folder that is not there (no review kept a PNG yet) to nothing', async () => {
    expect(await openShotStore(folder).prune(new Set())).toEqual({ kept: 0, removed: 0, bytes: 0 })
  })
})
