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
 * Compares two PNG screenshots. Identical bytes are identical pixels, so equal hashes need no decoding
 * at all; otherwise both are decoded (sharp, off the main thread) onto the larger canvas and compared by
 * pixelmatch with its defaults (threshold 0.1, anti-aliased edges not counted). Where one page is taller
 * or wider the other has no pixels, and that area counts as changed: each side fills it with a colour
 * the other cannot match.
 */
export async function compareShots(
  baseline: { png: Buffer; hash: string },
  site: { png: Buffer; hash: string },
): Promise<Difference> {
  if (baseline.hash === site.hash) return { changed: 0 }
  const [a, b] = await Promise.all([sharp(baseline.png).metadata(), sharp(site.png).metadata()])
  const width = Math.max(a.width ?? 0, b.width ?? 0)
  const height = Math.max(a.height ?? 0, b.height ?? 0)
  const canvas = (png: Buffer, w: number, h: number, fill: typeof FILL_SITE) =>
    sharp(png)
      .ensureAlpha()
      .extend({ right: width - w, bottom: height - h, background: fill })
      .raw()
      .toBuffer()
  const [before, after] = await Promise.all([
    canvas(baseline.png, a.width ?? 0, a.height ?? 0, FILL_BASELINE),
    canvas(site.png, b.width ?? 0, b.height ?? 0, FILL_SITE),
  ])
  const output = Buffer.alloc(width * height * 4)
  const count = pixelmatch(before, after, output, width, height)
  if (count === 0) return { changed: 0 }
  const raw = { raw: { width, height, channels: 4 as const } }
  const png = (pixels: Buffer, top = 0, rows = height) =>
    sharp(pixels, raw).extract({ left: 0, top, width, height: rows }).png({ compressionLevel: 1 }).toBuffer()
  const [first, last] = changedRows(output, width)
  const top = Math.max(0, first - MARGIN)
  const rows = Math.min(height - top, last + MARGIN - top + 1, BAND_MAX)
  const [overlay, bandBaseline, bandSite, bandOverlay] = await Promise.all([
    png(output),
    png(before, top, rows),
    png(after, top, rows),
    png(output, top, rows),
  ])
  return {
    changed: count / (width * height),
    overlay,
    band: { top, bottom: top + rows, height, baseline: bandBaseline, site: bandSite, overlay: bandOverlay },
  }
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
