import pixelmatch from 'pixelmatch'
import sharp from 'sharp'

/** How two shots of a page differ: the share of pixels that changed (0 to 1) and, if any did, the overlay. */
export interface Difference {
  changed: number
  /** The baseline shot faded to grey with every changed pixel in red (PNG), when any changed. */
  overlay?: Buffer
  /** The rows around the changes, from each of baseline, new and overlay (PNG), and where they are. */
  band?: { top: number; bottom: number; height: number; baseline: Buffer; site: Buffer; overlay: Buffer }
}

/** Rows shown above and below the changes, and at most this many in all. */
const MARGIN = 120
const BAND_MAX = 1600

/** Where only one shot has pixels (the other page is shorter or narrower), each is filled with its own colour. */
const FILL_BASELINE = { r: 255, g: 0, b: 255, alpha: 1 }
const FILL_SITE = { r: 0, g: 255, b: 0, alpha: 1 }

/**
 * pixelmatch's defaults (threshold 0.1, anti-aliased edges not counted), but a see-through pixel is
 * blended on white rather than on a checkerboard whose squares are placed by the pixel's offset in the
 * buffer: on white, a pixel's verdict depends on the pixels around it alone, so rows cut out of a page
 * are judged as the whole page judges them. Chromium's shots are opaque (RGB PNGs), so no verdict on
 * a real page changes.
 */
const MATCH = { threshold: 0.1, checkerboard: false } as const

/**
 * How many rows away from a pixel pixelmatch looks: its anti-aliasing test reads the 8 neighbours,
 * then the neighbours of the darkest and of the brightest of them.
 */
const REACH = 2

/**
 * Compares two PNG screenshots. Identical bytes are identical pixels, so equal hashes need no decoding
 * at all; otherwise both are decoded (sharp, off the main thread) onto the larger canvas and compared by
 * pixelmatch (`MATCH`). Where one page is taller or wider the other has no pixels, and that area counts
 * as changed: each side fills it with a colour the other cannot match.
 *
 * A change is mostly a few rows of a long page (a footer, a heading), so pixelmatch compares only the
 * rows from the first whose bytes differ to the last, and `REACH` rows more on each side for its
 * anti-aliasing test. Every other row is the same bytes on both sides, where pixelmatch would count
 * nothing and only draw the picture grey for the overlay: `drawGrey` draws those rows so. The count and
 * the overlay are those of one pixelmatch over the whole page (`diff.test.ts` holds them to it).
 */
export async function compareShots(
  baseline: { png: Buffer; hash: string },
  site: { png: Buffer; hash: string },
): Promise<Difference> {
  if (baseline.hash === site.hash) return { changed: 0 }
  const [a, b] = await Promise.all([sharp(baseline.png).metadata(), sharp(site.png).metadata()])
  const width = Math.max(a.width ?? 0, b.width ?? 0)
  const height = Math.max(a.height ?? 0, b.height ?? 0)
  // Read top to bottom, as a PNG is decoded: libvips then keeps no second copy of the picture.
  const canvas = (png: Buffer, w: number, h: number, fill: typeof FILL_SITE) =>
    sharp(png, { sequentialRead: true })
      .ensureAlpha()
      .extend({ right: width - w, bottom: height - h, background: fill })
      .raw()
      .toBuffer()
  const [before, after] = await Promise.all([
    canvas(baseline.png, a.width ?? 0, a.height ?? 0, FILL_BASELINE),
    canvas(site.png, b.width ?? 0, b.height ?? 0, FILL_SITE),
  ])
  const differ = differingRows(before, after, width)
  // Other bytes, the same pixels (another PNG encoder, other metadata).
  if (!differ) return { changed: 0 }
  const memory = borrow(width * height * 4)
  try {
    return await mark(before, after, Buffer.from(memory, 0, width * height * 4), width, differ)
  } finally {
    spares.push(memory)
  }
}

/** The overlay and the band of two pictures `width` pixels wide whose rows `differ[0]` to `differ[1]` differ. */
async function mark(
  before: Buffer,
  after: Buffer,
  output: Buffer,
  width: number,
  differ: readonly [number, number],
): Promise<Difference> {
  const height = before.length / width / 4
  const top = Math.max(0, differ[0] - REACH)
  const bottom = Math.min(height, differ[1] + 1 + REACH)
  const rows = (pixels: Buffer, from: number, to: number) => pixels.subarray(from * width * 4, to * width * 4)
  // Outside those rows both sides are the same bytes: nothing to count, only grey to draw.
  drawGrey(rows(before, 0, top), rows(output, 0, top))
  drawGrey(rows(before, bottom, height), rows(output, bottom, height))
  const count = pixelmatch(
    rows(before, top, bottom),
    rows(after, top, bottom),
    rows(output, top, bottom),
    width,
    bottom - top,
    MATCH,
  )
  if (count === 0) return { changed: 0 }
  const raw = { raw: { width, height, channels: 4 as const } }
  // The overlay is opaque (pixelmatch draws every pixel with full alpha): written without its alpha,
  // a quarter fewer bytes to compress.
  const png = (pixels: Buffer, from = 0, count = height, opaque = false) => {
    const cut = sharp(pixels, raw).extract({ left: 0, top: from, width, height: count })
    return (opaque ? cut.removeAlpha() : cut).png({ compressionLevel: 1 }).toBuffer()
  }
  // Only the rows pixelmatch compared can hold a changed pixel.
  const [first, last] = changedRows(rows(output, top, bottom), width)
  const shownTop = Math.max(0, top + first - MARGIN)
  const shown = Math.min(height - shownTop, top + last + MARGIN - shownTop + 1, BAND_MAX)
  const [overlay, bandBaseline, bandSite, bandOverlay] = await Promise.all([
    png(output, 0, height, true),
    png(before, shownTop, shown),
    png(after, shownTop, shown),
    png(output, shownTop, shown, true),
  ])
  return {
    changed: count / (width * height),
    overlay,
    band: {
      top: shownTop,
      bottom: shownTop + shown,
      height,
      baseline: bandBaseline,
      site: bandSite,
      overlay: bandOverlay,
    },
  }
}

/** How much of the page pixelmatch shows under the changes (its `alpha` option, left at its default). */
const SHOWN = 0.1

/**
 * What pixelmatch draws for pixels that match: the picture in grey, faded to white by `SHOWN` (its
 * `drawGrayPixel`: the same formula, stored into bytes as it stores them). Pixelmatch computes every
 * pixel, a third of a second for the longest page; a page is mostly runs of one colour, so a pixel
 * like the one before it takes the grey already worked out.
 */
function drawGrey(pixels: Buffer, output: Buffer): void {
  const count = pixels.length / 4
  const colours = new Uint32Array(pixels.buffer, pixels.byteOffset, count)
  const greys = new Uint32Array(output.buffer, output.byteOffset, count)
  // The grey's four bytes are written as pixelmatch writes them, then read back as one pixel.
  const grey = new Uint8Array(4)
  const greyPixel = new Uint32Array(grey.buffer)
  let last: number | undefined
  for (let i = 0; i < count; i++) {
    const colour = colours[i] as number
    if (colour !== last) {
      last = colour
      const p = i * 4
      const value =
        255 +
        (((pixels[p] as number) * 0.29889531 +
          (pixels[p + 1] as number) * 0.58662247 +
          (pixels[p + 2] as number) * 0.11448223 -
          255) *
          SHOWN *
          (pixels[p + 3] as number)) /
          255
      grey[0] = value
      grey[1] = value
      grey[2] = value
      grey[3] = 255
    }
    greys[i] = greyPixel[0] as number
  }
}

/**
 * Memory for overlays, kept from one comparison to the next. Touching a new 55 MB buffer (a product
 * page at 1440 px) for the first time cost more here than pixelmatch takes to fill it (the kernel maps
 * and zeroes each page): 220 ms against 10 ms for a buffer used before. A few comparisons run at once,
 * so a few are kept.
 */
const spares: ArrayBuffer[] = []
const SPARES_KEPT = 3

/** A spare buffer of `size` bytes or more if there is one, else a new one (kept when given back). */
function borrow(size: number): ArrayBuffer {
  spares.sort((x, y) => x.byteLength - y.byteLength)
  const fits = spares.findIndex((spare) => spare.byteLength >= size)
  const memory = fits >= 0 ? (spares.splice(fits, 1)[0] as ArrayBuffer) : new ArrayBuffer(size)
  // The smallest go first: a page of another size needs another buffer.
  while (spares.length >= SPARES_KEPT) spares.shift()
  return memory
}

/** The first and last rows whose bytes differ between two RGBA pictures `width` pixels wide, if any do. */
function differingRows(before: Buffer, after: Buffer, width: number): [number, number] | undefined {
  const row = width * 4
  const height = before.length / row
  const same = (y: number) =>
    before.subarray(y * row, (y + 1) * row).equals(after.subarray(y * row, (y + 1) * row))
  let first = 0
  while (first < height && same(first)) first++
  if (first === height) return undefined
  let last = height - 1
  while (same(last)) last--
  return [first, last]
}

/** The first and last rows of pixelmatch's output that hold a changed pixel (its pure red). */
function changedRows(output: Buffer, width: number): [number, number] {
  let first = -1
  let last = -1
  for (let i = 0; i < output.length; i += 4)
    if (output[i] === 255 && output[i + 1] === 0 && output[i + 2] === 0) {
      const row = Math.floor(i / 4 / width)
      if (first < 0) first = row
      last = row
    }
  return [Math.max(first, 0), Math.max(last, 0)]
}
