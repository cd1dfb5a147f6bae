import { createHash } from 'node:crypto'
import pixelmatch from 'pixelmatch'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { compareShots, type Difference } from './diff.ts'

/** A seeded generator, so a failing picture can be made again. */
function random(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return Math.floor((state / 2 ** 31) * n)
  }
}

/**
 * An opaque picture `width` by `height` (RGBA) that looks like a page to pixelmatch's anti-aliasing
 * test: flat blocks of a few colours, with edges in between shades, where neighbours decide whether a
 * changed pixel counts.
 */
function page(width: number, height: number, seed: number): Buffer {
  const next = random(seed)
  const colours = [
    [255, 255, 255],
    [20, 30, 40],
    [200, 60, 40],
    [120, 120, 120],
  ]
  const pixels = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = colours[(Math.floor(x / 5) + Math.floor(y / 3)) % colours.length] as number[]
      const edge = x % 5 === 0 || y % 3 === 0
      const i = (y * width + x) * 4
      for (let c = 0; c < 3; c++) pixels[i + c] = edge ? next(256) : (colour[c] as number)
      pixels[i + 3] = 255
    }
  return pixels
}

/** `pixels` with every pixel of rows `from` to `to` (inclusive) that `next` picks set to a shade. */
function plant(pixels: Buffer, width: number, from: number, to: number, next: (n: number) => number): Buffer {
  const changed = Buffer.from(pixels)
  for (let y = from; y <= to; y++)
    for (let x = 0; x < width; x++)
      if (next(3) === 0) {
        const i = (y * width + x) * 4
        for (let c = 0; c < 3; c++) changed[i + c] = next(256)
      }
  return changed
}

/** A shot as Chromium writes one: an RGB PNG, and its hash. */
async function shot(pixels: Buffer, width: number, height: number) {
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png()
    .toBuffer()
  return { png, hash: createHash('sha256').update(png).digest('hex') }
}

const rgba = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer()

/**
 * The whole page's overlay as the report shows it (cli/review/report-html.ts): the baseline in
 * pixelmatch's grey (what pixelmatch draws for a picture compared with itself), with the marks over
 * the rows they cover.
 */
async function shownOverlay(difference: Difference, before: Buffer, width: number, height: number) {
  const drawn = Buffer.alloc(width * height * 4)
  pixelmatch(before, before, drawn, width, height, { checkerboard: false })
  const marks = difference.marks
  if (!marks) throw new Error('no marks')
  expect(marks.top + marks.height).toBeLessThanOrEqual(height)
  ;(await rgba(marks.png)).copy(drawn, marks.top * width * 4)
  return drawn
}

describe('compareShots', () => {
  it('counts and draws exactly what one pixelmatch over the whole page does, wherever the change is', async () => {
    const width = 40
    const height = 60
    let cases = 0
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed * 7919)
      const before = page(width, height, seed)
      // Bands at the top and bottom edges, one row, and anywhere in between.
      const from = [0, height - 1, next(height)][seed % 3] as number
      const to = Math.min(height - 1, from + ([0, 1, next(8)][seed % 3] as number))
      const after = plant(before, width, from, to, next)
      const full = Buffer.alloc(width * height * 4)
      const count = pixelmatch(before, after, full, width, height)
      const difference = await compareShots(
        await shot(before, width, height),
        await shot(after, width, height),
      )
      expect(difference.changed, `seed ${seed}, rows ${from} to ${to}`).toBe(count / (width * height))
      if (count === 0) continue
      cases++
      const shown = await shownOverlay(difference, before, width, height)
      expect(shown.equals(full), `seed ${seed} overlay`).toBe(true)
    }
    // Most plants change pixels that count (a test of the overlay, not only of a zero).
    expect(cases).toBeGreaterThan(40)
  })

  it('draws each overlay whole when several comparisons run at once (as a review runs them)', async () => {
    const pairs = await Promise.all(
      [20, 30, 20, 40, 30, 20].map(async (width, i) => {
        const height = 30 + 10 * i
        const before = page(width, height, 100 + i)
        const after = plant(before, width, 0, height - 1, random(i + 1))
        const full = Buffer.alloc(width * height * 4)
        pixelmatch(before, after, full, width, height)
        const pair = { a: await shot(before, width, height), b: await shot(after, width, height) }
        return { full, before, width, height, ...pair }
      }),
    )
    const differences = await Promise.all(pairs.map(({ a, b }) => compareShots(a, b)))
    for (const [i, difference] of differences.entries()) {
      const { before, width, height, full } = pairs[i] as (typeof pairs)[number]
      const shown = await shownOverlay(difference, before, width, height)
      expect(shown.equals(full), `pair ${i}`).toBe(true)
    }
  })

  it('blends a see-through pixel on white, so a band of rows is judged as the whole page judges it', async () => {
    // Chromium's shots are opaque; a PNG with an alpha channel is judged the same way all the same.
    const width = 40
    const height = 60
    let counted = 0
    for (let seed = 1; seed <= 10; seed++) {
      const next = random(seed)
      const before = page(width, height, seed)
      for (let i = 3; i < before.length; i += 4) before[i] = 128 + next(128)
      const after = plant(before, width, 30, 34, next)
      for (let i = 30 * width * 4 + 3; i < 35 * width * 4; i += 4) after[i] = next(256)
      const full = Buffer.alloc(width * height * 4)
      const count = pixelmatch(before, after, full, width, height, { checkerboard: false })
      counted += count
      const png = (pixels: Buffer) =>
        sharp(pixels, { raw: { width, height, channels: 4 } })
          .png()
          .toBuffer()
      const [a, b] = await Promise.all([png(before), png(after)])
      const difference = await compareShots({ png: a, hash: 'before' }, { png: b, hash: 'after' })
      expect(difference.changed, `seed ${seed}`).toBe(count / (width * height))
      // The rows around the change are drawn grey by their see-through colour, as pixelmatch draws them.
      if (count)
        expect(
          (await shownOverlay(difference, before, width, height)).equals(full),
          `seed ${seed} overlay`,
        ).toBe(true)
    }
    expect(counted).toBeGreaterThan(0)
  })

  it('counts the rows only the taller page has, as the whole page did', async () => {
    const width = 30
    const before = page(width, 50, 3)
    const taller = Buffer.concat([before, page(width, 4, 4)])
    const canvas = Buffer.concat([before, Buffer.alloc(width * 4 * 4)])
    // The baseline's missing rows are its fill colour, magenta.
    for (let i = before.length; i < canvas.length; i += 4) canvas.set([255, 0, 255, 255], i)
    const count = pixelmatch(canvas, taller, undefined, width, 54)
    expect(count).toBeGreaterThan(0)
    const difference = await compareShots(await shot(before, width, 50), await shot(taller, width, 54))
    expect(difference.changed).toBe(count / (width * 54))
    expect(difference.band).toMatchObject({ top: 0, bottom: 54, height: 54, width })
    // The rows only the new page has are marked too, and shown in the baseline's fill colour.
    expect(difference.marks).toMatchObject({ top: 48, height: 6 })
    expect((await rgba(difference.band?.baseline as Buffer)).equals(canvas)).toBe(true)
    expect((await rgba(difference.band?.site as Buffer)).equals(taller)).toBe(true)
  })

  it('finds a change at the foot of a page that grew, as one pixelmatch of the whole canvas does', async () => {
    // A footer 2 px taller: the last rows move down, the page is 2 rows longer.
    const width = 24
    const before = page(width, 300, 11)
    const cut = 260 * width * 4
    const after = Buffer.concat([before.subarray(0, cut), page(width, 2, 12), before.subarray(cut)])
    const canvas = Buffer.concat([before, Buffer.alloc(width * 4 * 2)])
    for (let i = before.length; i < canvas.length; i += 4) canvas.set([255, 0, 255, 255], i)
    const full = Buffer.alloc(width * 302 * 4)
    const count = pixelmatch(canvas, after, full, width, 302, { checkerboard: false })
    const difference = await compareShots(await shot(before, width, 300), await shot(after, width, 302))
    expect(difference.changed).toBe(count / (width * 302))
    // Only the rows from the first that moved were compared.
    expect(difference.marks).toMatchObject({ top: 258, height: 44 })
    expect((await shownOverlay(difference, canvas, width, 302)).equals(full)).toBe(true)
  })

  it('compares a wider page on a canvas as wide as it, as one pixelmatch of the whole canvas does', async () => {
    const before = page(30, 40, 13)
    const wider = page(34, 40, 13)
    const canvas = Buffer.alloc(34 * 40 * 4)
    for (let y = 0; y < 40; y++) {
      before.copy(canvas, y * 34 * 4, y * 30 * 4, (y + 1) * 30 * 4)
      for (let x = 30; x < 34; x++) canvas.set([255, 0, 255, 255], (y * 34 + x) * 4)
    }
    const full = Buffer.alloc(34 * 40 * 4)
    const count = pixelmatch(canvas, wider, full, 34, 40, { checkerboard: false })
    const difference = await compareShots(await shot(before, 30, 40), await shot(wider, 34, 40))
    expect(difference.changed).toBe(count / (34 * 40))
    expect(difference.band).toMatchObject({ width: 34, height: 40 })
    expect((await shownOverlay(difference, canvas, 34, 40)).equals(full)).toBe(true)
    expect((await rgba(difference.band?.baseline as Buffer)).equals(canvas)).toBe(true)
  })

  it('shows the rows around the changes, cut from each side', async () => {
    const width = 20
    const height = 400
    const before = page(width, height, 5)
    const after = Buffer.from(before)
    // One pixel inside a flat block (no anti-aliasing), and the rows from 120 above it to the end.
    after.set([0, 0, 0], (301 * width + 12) * 4)
    const difference = await compareShots(await shot(before, width, height), await shot(after, width, height))
    expect(difference.changed).toBe(1 / (width * height))
    const band = difference.band
    expect(band).toMatchObject({ top: 181, bottom: 400, height: 400 })
    const rows = (pixels: Buffer) => pixels.subarray(181 * width * 4, 400 * width * 4)
    expect((await rgba(band?.baseline as Buffer)).equals(rows(before))).toBe(true)
    expect((await rgba(band?.site as Buffer)).equals(rows(after))).toBe(true)
    // Chromium's shots are RGB, and so are the cuts.
    expect((await sharp(band?.baseline as Buffer).metadata()).channels).toBe(3)
    // The marks cover the rows compared: the changed one and two on each side.
    expect(difference.marks).toMatchObject({ top: 299, height: 5 })
  })

  it('reads a grey PNG, a 16-bit one and one with a palette as the colours they hold, and RGBA beside RGB as pixels', async () => {
    const rgb = Buffer.alloc(12 * 10 * 3)
    for (let i = 0; i < rgb.length; i += 3) rgb.fill((i * 7) % 256, i, i + 3)
    const raw = { raw: { width: 12, height: 10, channels: 3 as const } }
    const a = await sharp(rgb, raw).png().toBuffer()
    const others = await Promise.all([
      sharp(rgb, raw).toColourspace('b-w').png().toBuffer(),
      sharp(rgb, raw).toColourspace('rgb16').png().toBuffer(),
      sharp(rgb, raw).png({ palette: true, colours: 256, dither: 0 }).toBuffer(),
      // Grey with alpha: an RGBA beside the RGB, compared on a canvas of RGBA.
      sharp(rgb, raw)
        .toColourspace('b-w')
        .ensureAlpha()
        .png()
        .toBuffer(),
    ])
    for (const [i, png] of others.entries())
      expect(await compareShots({ png: a, hash: 'rgb' }, { png, hash: `other ${i}` }), `kind ${i}`).toEqual({
        changed: 0,
      })
    // An RGB page beside a grey one with alpha whose last row went black: compared as pixels, not bytes.
    const white = Buffer.alloc(12 * 10 * 3, 255)
    const footer = Buffer.from(white)
    footer.fill(0, 9 * 12 * 3)
    const blackened = await compareShots(
      { png: await sharp(white, raw).png().toBuffer(), hash: 'white' },
      { png: await sharp(footer, raw).toColourspace('b-w').ensureAlpha().png().toBuffer(), hash: 'footer' },
    )
    expect(blackened.changed).toBe(12 / 120)
    // And a grey page that changed is counted as one pixelmatch of it counts.
    const grey = await sharp(rgb, raw).toColourspace('b-w').png().toBuffer()
    const changed = Buffer.from(rgb)
    changed.fill(0, 0, 12 * 3)
    const difference = await compareShots(
      { png: grey, hash: 'grey' },
      { png: await sharp(changed, raw).toColourspace('b-w').png().toBuffer(), hash: 'changed' },
    )
    const rgba = (pixels: Buffer) => sharp(pixels, raw).ensureAlpha().raw().toBuffer()
    const count = pixelmatch(await rgba(rgb), await rgba(changed), undefined, 12, 10, { checkerboard: false })
    expect(count).toBeGreaterThan(0)
    expect(difference.changed).toBe(count / 120)
  })

  it('finds nothing in other bytes of the same pixels, and reads nothing of the same bytes', async () => {
    const pixels = page(16, 16, 9)
    const a = await shot(pixels, 16, 16)
    const png = await sharp(pixels, { raw: { width: 16, height: 16, channels: 4 } })
      .removeAlpha()
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer()
    expect(png.equals(a.png)).toBe(false)
    expect(await compareShots(a, { png, hash: 'other' })).toEqual({ changed: 0 })
    expect(await compareShots({ png: Buffer.from('not a png'), hash: 'x' }, { png, hash: 'x' })).toEqual({
      changed: 0,
    })
  })
})
