import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Finding, finding, PROBLEMS } from '../../lib/problems.ts'
import type { ImageSource } from './collect.ts'
import { alone, besideOthers } from './vips-turns.ts'

/** What decoding a source image told: its size, or why it cannot be used. */
export type Inspection = { width: number; height: number } | { error: string }

/**
 * Decodes a source image's header (for an SVG, librsvg parses the whole document, so a truncated or
 * broken file fails here): the size, or the decoder's reason. sharp is loaded on first use.
 */
export async function inspectImage(bytes: Buffer): Promise<Inspection> {
  const { default: sharp } = await import('sharp')
  const decode = async (): Promise<Inspection> => {
    try {
      const meta = await sharp(bytes).metadata()
      return { width: meta.width ?? 0, height: meta.height ?? 0 }
    } catch (error) {
      return { error: (error as Error).message.replace(/^Input buffer has corrupt header:\s*/, '') }
    }
  }
  const found = await besideOthers(decode)
  // A decode that failed is decoded again alone, and that reason is the one told (cli/images/vips-turns.ts):
  // a PNG whose own reason is empty was given an SVG's beside it. Only broken files are decoded twice.
  if (!('error' in found)) return found
  return alone(decode)
}

/**
 * Whether a decoded source can fill its slots: it must decode, have a size, and (for pixels, not
 * vectors) be at least as wide as the smallest width its slots need. The same rules for `site validate`
 * and the encoder, so what validates encodes.
 */
export function imageFault(
  source: Pick<ImageSource, 'ref' | 'ladder'>,
  found: Inspection,
): Finding | undefined {
  if ('error' in found) return finding(PROBLEMS.UnreadableImage, { ref: source.ref, reason: found.error })
  const vector = source.ref.toLowerCase().endsWith('.svg')
  const smallest = source.ladder[0] ?? 0
  if (!vector && found.width < smallest)
    return finding(PROBLEMS.ImageTooSmall, {
      ref: source.ref,
      width: found.width,
      smallest,
      largest: source.ladder.at(-1) ?? smallest,
    })
  if (!found.width || !found.height) return finding(PROBLEMS.ImageWithoutSize, { ref: source.ref })
  return undefined
}

/** A source larger than this is worth a word even when its width fits. */
const LARGE_FILE_BYTES = 20_000_000

/**
 * Whether a raster source is far larger than any of its slots needs: more than twice the widest width
 * they show (twice covers sharp screens), or a file over 20 MB. It still encodes, so this is a warning:
 * the cost is memory and time on every cold build, and the file's weight in the repository.
 */
export function oversized(
  source: Pick<ImageSource, 'ref' | 'ladder'>,
  found: Inspection,
  bytes: number,
): Finding | undefined {
  if ('error' in found || source.ref.toLowerCase().endsWith('.svg')) return undefined
  const widest = source.ladder.at(-1) ?? 0
  if (found.width <= widest * 2 && bytes <= LARGE_FILE_BYTES) return undefined
  return finding(PROBLEMS.ImageOversized, {
    ref: source.ref,
    width: found.width,
    height: found.height,
    bytes,
    widest,
  })
}

/**
 * Every decode of this process by the SHA-256 of the bytes, failures included: a file read twice in
 * one process (validate, then the build's own validate stage, or a dev session's checks) is told the
 * same, in the same words.
 */
const decodedThisProcess = new Map<string, Promise<Inspection>>()

/**
 * What earlier runs learnt about source images, by the SHA-256 of their bytes, in
 * `.cache/content/images.json`: an unchanged file is not decoded again. Failures are not kept, so a
 * broken file is always decoded (and reported) afresh.
 */
export async function openInspectionCache(projectRoot: string) {
  const file = path.join(projectRoot, '.cache', 'content', 'images.json')
  const known: Record<string, { width: number; height: number }> = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, { width: number; height: number }>)
    .catch(() => ({}))
  let changed = false
  return {
    /** The inspection of `bytes`, from the cache or decoded now. */
    async inspect(bytes: Buffer): Promise<Inspection> {
      const key = createHash('sha256').update(bytes).digest('hex')
      const hit = known[key]
      if (hit) return hit
      let decoding = decodedThisProcess.get(key)
      if (!decoding) {
        decoding = inspectImage(bytes)
        decodedThisProcess.set(key, decoding)
      }
      const found = await decoding
      if (!('error' in found)) {
        known[key] = found
        changed = true
      }
      return found
    },
    /** Writes what was learnt (atomically); never fails a validate. */
    async save(): Promise<void> {
      if (!changed) return
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(`${file}.tmp`, JSON.stringify(known))
        .then(() => rename(`${file}.tmp`, file))
        .catch(() => undefined)
    },
  }
}
