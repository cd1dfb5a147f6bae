import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { type Comparer, openComparer } from './comparer.ts'
import { compareShots } from './diff.ts'

/** A white page 240 x 320 with a dark block whose top is at `top`, as Chromium shoots it (an RGB PNG). */
async function shot(top: number) {
  const pixels = Buffer.alloc(240 * 320 * 3, 255)
  for (let y = top; y < top + 40; y++) pixels.fill(30, (y * 240 + 20) * 3, (y * 240 + 200) * 3)
  const png = await sharp(pixels, { raw: { width: 240, height: 320, channels: 3 } })
    .png()
    .toBuffer()
  return { png, hash: createHash('sha256').update(png).digest('hex') }
}

let comparers: Comparer[] = []
const comparer = () => {
  const opened = openComparer()
  comparers.push(opened)
  return opened
}
afterEach(async () => {
  await Promise.all(comparers.map((c) => c.close()))
  comparers = []
})

/** Resolves when process `pid` is gone. */
async function gone(pid: number) {
  for (;;) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the comparing process (cli/review/comparer.ts)', () => {
  it('compares in a process of its own what compareShots compares here, byte for byte', async () => {
    const [before, after] = await Promise.all([shot(100), shot(102)])
    const here = await compareShots(before, after)
    const shots = comparer()
    const there = await shots.compare(before, after)
    const pid = shots.processId()
    expect(pid).toBeGreaterThan(0)
    expect(pid).not.toBe(process.pid)
    expect(here.changed).toBeGreaterThan(0)
    expect(there.changed).toBe(here.changed)
    expect(Buffer.isBuffer(there.marks?.png)).toBe(true)
    expect(Buffer.isBuffer(there.band?.baseline)).toBe(true)
    expect(there.marks).toEqual(here.marks)
    expect(there.band).toEqual(here.band)
    // Several at once, each answered as its own.
    const [same, moved] = await Promise.all([shots.compare(before, before), shots.compare(after, before)])
    expect(same.changed).toBe(0)
    expect(moved.changed).toBe(here.changed)
    // Letting it go says how much CPU time it used, and ends it.
    expect(await shots.close()).toBeGreaterThan(0)
    await gone(pid as number)
  })

  it('answers shots with equal hashes itself, starting no process', async () => {
    const page = await shot(100)
    const shots = comparer()
    expect(await shots.compare(page, { ...page, png: Buffer.from(page.png) })).toEqual({ changed: 0 })
    expect(shots.processId()).toBeUndefined()
    expect(await shots.close()).toBe(0)
  })

  it('passes on what went wrong with a shot it cannot read', async () => {
    const page = await shot(100)
    const broken = { png: Buffer.from('not a png'), hash: 'broken' }
    const shots = comparer()
    await expect(shots.compare(page, broken)).rejects.toThrow(/unsupported image format/)
    // The process is still there for the next pair.
    expect((await shots.compare(page, await shot(110))).changed).toBeGreaterThan(0)
  })

  it('answers a pair sent while the process before is still going away', async () => {
    const [before, after] = await Promise.all([shot(100), shot(102)])
    const shots = comparer()
    await shots.compare(before, after)
    const closing = shots.close()
    const next = shots.compare(before, after)
    await closing
    expect((await next).changed).toBeGreaterThan(0)
  })

  it('fails the comparisons waiting when its process stops, and starts another for the next', async () => {
    const [before, after] = await Promise.all([shot(100), shot(102)])
    const shots = comparer()
    const waiting = shots.compare(before, after)
    const pid = shots.processId() as number
    process.kill(pid, 'SIGKILL')
    await expect(waiting).rejects.toThrow("The review's comparing process stopped (SIGKILL).")
    expect((await shots.compare(before, after)).changed).toBeGreaterThan(0)
    expect(shots.processId()).not.toBe(pid)
  })
})
