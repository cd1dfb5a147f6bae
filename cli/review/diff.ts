import pixelmatch from 'pixelmatch'
import sharp from 'sharp'

/** How two shots of a page differ: the share of pixels that changed (0 to 1) and, if any did, what to show. */
export interface Difference {
  changed: number
  /**
   * What pixelmatch drew over the rows it compared (PNG, opaque): changed pixels red, the rest the
   * baseline in grey. Every row outside them is the same on both sides, and the report draws the
   * baseline grey there itself (cli/review/report-html.ts), so the whole page's overlay is this strip
   * over the baseline.
   */
  marks?: { top: number; height: number; png: Buffer }
  /**
   * The rows around the changes, cut from each side (PNG), and where they are; `width` is the width
   * both sides were compared at (the wider one's).
   */
  band?: { top: number; bottom: number; height: number; width: number; baseline: Buffer; site: Buffer }
}

/** Rows shown above and below the changes, and at most this many in all. */
const MARGIN = 120
const BAND_MAX = 1600

/** Where only one shot has pixels (the other page is shorter or narrower), each is filled with its own colour. */
const FILL_BASELINE = { r: 255, g: 0, b: 255, alpha: 1 }
const FILL_SITE = { r: 0, g: 255, b: 0, alpha: 1 }
type Fill = typeof FILL_SITE

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

/** A decoded shot: its pixels as the PNG holds them (3 or 4 bytes each), and its size. */
interface Picture {
  pixels: Buffer
  width: number
  height: number
  channels: 3 | 4
  /** The colour of the rows and columns it lacks beside the other side. */
  fill: Fill
}

/**
 * Compares two PNG screenshots. Identical bytes are identical pixels, so equal hashes need no decoding
 * at all; otherwise both are decoded as they are stored (sharp, off the main thread; RGB for Chromium's
 * shots) and compared row by row. Where one page is taller or wider the other has no pixels, and that
 * area counts as changed: each side fills it with a colour the other cannot match.
 *
 * A change is mostly a few rows of a long page (a footer, a heading), so pixelmatch (`MATCH`) compares
 * only the rows from the first whose bytes differ to the last, and `REACH` rows more on each side for
 * its anti-aliasing test, each made RGBA as pixelmatch reads it. Every other row is the same bytes on
 * both sides, where pixelmatch would count nothing and only draw the baseline in grey; the report
 * draws that grey itself. The count, and the overlay the report shows, are those of one pixelmatch
 * over the whole page (`diff.test.ts`; tests/e2e/review-report.spec.ts for the grey).
 */
export async function compareShots(
  baseline: { png: Buffer; hash: string },
  site: { png: Buffer; hash: string },
): Promise<Difference> {
  if (baseline.hash === site.hash) return { changed: 0 }
  let [before, after] = await Promise.all([decode(baseline.png, FILL_BASELINE), decode(site.png, FILL_SITE)])
  // Rows of other widths, or of other kinds of pixel, are not the same bytes: both become RGBA, as wide
  // as the wider.
  if (before.width !== after.width || before.channels !== after.channels) {
    const width = Math.max(before.width, after.width)
    ;[before, after] = await Promise.all([widened(before, width), widened(after, width)])
  }
  const differ = differingRows(before, after)
  // Other bytes, the same pixels (another PNG encoder, other metadata).
  if (!differ) return { changed: 0 }
  const { width } = before
  const height = Math.max(before.height, after.height)
  const top = Math.max(0, differ[0] - REACH)
  const bottom = Math.min(height, differ[1] + 1 + REACH)
  // pixelmatch draws every pixel of its output.
  const output = Buffer.allocUnsafe(width * (bottom - top) * 4)
  const count = pixelmatch(
    rgbaRows(before, top, bottom),
    rgbaRows(after, top, bottom),
    output,
    width,
    bottom - top,
    MATCH,
  )
  if (count === 0) return { changed: 0 }
  // Only the rows pixelmatch compared can hold a changed pixel.
  const [first, last] = changedRows(output, width)
  const shownTop = Math.max(0, top + first - MARGIN)
  const shown = Math.min(height - shownTop, top + last + MARGIN - shownTop + 1, BAND_MAX)
  const [marks, bandBaseline, bandSite] = await Promise.all([
    // Opaque (pixelmatch draws every pixel with full alpha): written without it, a quarter fewer bytes.
    sharp(output, { raw: { width, height: bottom - top, channels: 4 } })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer(),
    rowsPng(before, shownTop, shownTop + shown),
    rowsPng(after, shownTop, shownTop + shown),
  ])
  return {
    changed: count / (width * height),
    marks: { top, height: bottom - top, png: marks },
    band: { top: shownTop, bottom: shownTop + shown, height, width, baseline: bandBaseline, site: bandSite },
  }
}

/**
 * A PNG's pixels as sharp hands them over: 8-bit sRGB, whatever the PNG holds (grey, a palette, 16
 * bits), so 3 bytes a pixel, or 4 with alpha. Read top to bottom, as a PNG is decoded: libvips then
 * keeps no second copy of the picture.
 */
async function decode(png: Buffer, fill: Fill): Promise<Picture> {
  const { data, info } = await sharp(png, { sequentialRead: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  if (channels !== 3 && channels !== 4) throw new Error(`A shot decoded to ${channels} channels, not 3 or 4.`)
  return { pixels: data, width, height, channels, fill }
}

/** `picture` as RGBA, `width` pixels wide: the columns it lacks are its fill colour. */
async function widened(picture: Picture, width: number): Promise<Picture> {
  const { pixels, height, channels, fill } = picture
  const wider = await sharp(pixels, { raw: { width: picture.width, height, channels } })
    .ensureAlpha()
    .extend({ right: width - picture.width, background: fill })
    .raw()
    .toBuffer()
  return { pixels: wider, width, height, channels: 4, fill }
}

/** Rows `top` to `bottom` (not included) of `picture` as RGBA; rows below its end are its fill colour. */
function rgbaRows(picture: Picture, top: number, bottom: number): Buffer {
  const { pixels, width, height, channels, fill } = picture
  if (channels === 4 && bottom <= height) return pixels.subarray(top * width * 4, bottom * width * 4)
  const rows = Buffer.allocUnsafe(width * (bottom - top) * 4)
  const own = Math.max(top, Math.min(bottom, height))
  if (channels === 4) pixels.copy(rows, 0, top * width * 4, own * width * 4)
  else
    for (let i = top * width * 3, o = 0, end = own * width * 3; i < end; i += 3, o += 4) {
      rows[o] = pixels[i] as number
      rows[o + 1] = pixels[i + 1] as number
      rows[o + 2] = pixels[i + 2] as number
      rows[o + 3] = 255
    }
  if (own < bottom) rows.fill(Buffer.from([fill.r, fill.g, fill.b, 255]), (own - top) * width * 4)
  return rows
}

/** Rows `top` to `bottom` (not included) of `picture` as a PNG, RGB when it is (its fill is opaque). */
function rowsPng(picture: Picture, top: number, bottom: number): Promise<Buffer> {
  const { pixels, width, height, channels } = picture
  const raw = (data: Buffer, channels: 3 | 4) =>
    sharp(data, { raw: { width, height: bottom - top, channels } })
  const own = channels === 3 && bottom <= height
  const cut = own
    ? raw(pixels.subarray(top * width * 3, bottom * width * 3), 3)
    : raw(rgbaRows(picture, top, bottom), 4)
  return (channels === 3 && !own ? cut.removeAlpha() : cut).png({ compressionLevel: 1 }).toBuffer()
}

/** The first and last rows whose bytes differ between two pictures of one width and kind, if any do. */
function differingRows(a: Picture, b: Picture): [number, number] | undefined {
  const row = a.width * a.channels
  const common = Math.min(a.height, b.height)
  const same = (y: number) =>
    a.pixels.subarray(y * row, (y + 1) * row).equals(b.pixels.subarray(y * row, (y + 1) * row))
  let first = 0
  while (first < common && same(first)) first++
  // The rows only the taller has differ from the other's fill, and so do all rows after the first.
  if (a.height !== b.height) return [first, Math.max(a.height, b.height) - 1]
  if (first === common) return undefined
  let last = common - 1
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
