import { createHash } from 'node:crypto'
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { type Finding, finding, PROBLEMS } from '../../lib/problems.ts'
import { defaultWidth, type ManifestEntry, outputName } from '../../model/images.ts'
import { readJson } from '../cache-file.ts'
import type { ImageSource } from './collect.ts'
import { imageFault, inspectImage } from './inspect.ts'
import { widthsFor } from './ladders.ts'
import { alone, besideOthers } from './vips-turns.ts'

/** Bump when the encoder changes in a way that changes output bytes. */
const ENCODER_VERSION = 1

export interface EncodeSettings {
  /** WebP quality, 1-100. */
  quality: number
  /** WebP effort, 0-6 (higher is smaller and slower). */
  effort: number
  /** Also write AVIF files. */
  avif: boolean
}

export const DEFAULT_SETTINGS: EncodeSettings = { quality: 80, effort: 4, avif: false }

export interface EncodeResult {
  ref: string
  entry: ManifestEntry
  /** false when every file came from the cache. */
  encoded: boolean
  inBytes: number
  outBytes: number
}

/** A source that cannot be turned into images: what is wrong with it (lib/problems.ts). */
export class SourceError extends Error {
  constructor(
    readonly source: ImageSource,
    readonly found: Finding,
  ) {
    super(found.message)
  }
}

interface Folders {
  /** content/images */
  images: string
  /** public/media: the asset base's files */
  media: string
  /** .cache/images */
  cache: string
}

/** The encoder libraries whose versions change output bytes: sharp, libvips and the codecs. */
const ENCODERS = ['sharp', 'vips', 'webp', 'aom', 'heif', 'rsvg'] as const

/**
 * The cache key of one encode: everything that changes its output. The source bytes, the widths asked
 * for, every encode setting (quality, effort, AVIF), this file's own version and the versions of
 * sharp, libvips and the codecs (an upgrade re-encodes).
 */
export function cacheKey(
  bytes: Buffer,
  settings: EncodeSettings,
  ladder: readonly number[],
  versions: Partial<Record<string, string>> = sharp.versions,
): string {
  const encoders = Object.fromEntries(ENCODERS.map((name) => [name, versions[name] ?? '']))
  return createHash('sha256')
    .update(bytes)
    .update(JSON.stringify({ v: ENCODER_VERSION, settings, ladder, encoders }))
    .digest('hex')
    .slice(0, 32)
}

/**
 * Encodes one source at every width of its ladder, or takes the files from the cache when the source
 * bytes and settings are unchanged, and places them under the media folder.
 */
export async function encodeImage(
  source: ImageSource,
  folders: Folders,
  settings: EncodeSettings,
  force = false,
): Promise<EncodeResult> {
  const file = path.join(folders.images, source.ref)
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch {
    throw new SourceError(source, finding(PROBLEMS.MissingImage, { ref: source.ref }))
  }
  const key = cacheKey(bytes, settings, source.ladder)
  const cacheDir = path.join(folders.cache, key.slice(0, 2), key)
  const metaFile = path.join(cacheDir, 'meta.json')

  let entry: ManifestEntry | undefined
  let encoded = false
  if (!force)
    // A damaged entry is encoded again, as a missing one is.
    entry = (readJson(metaFile) as ManifestEntry | null | undefined) ?? undefined
  if (!entry) {
    entry = await encodeToCache(source, bytes, cacheDir, settings)
    await writeFile(`${metaFile}.tmp`, JSON.stringify(entry))
    await rename(`${metaFile}.tmp`, metaFile)
    encoded = true
  }

  let outBytes = 0
  const placed: Promise<void>[] = []
  const place = async (from: string, to: string) => {
    const size = (await stat(from)).size
    outBytes += size
    const existing = await stat(to).catch(() => undefined)
    if (!encoded && existing?.size === size) return
    await mkdir(path.dirname(to), { recursive: true })
    await copyFile(from, to)
  }
  for (const format of entry.formats) {
    for (const width of entry.widths)
      placed.push(
        place(
          path.join(cacheDir, `${width}.${format}`),
          path.join(folders.media, outputName(source.ref, width, format)),
        ),
      )
    const fallback = defaultWidth(entry.widths)
    placed.push(
      place(
        path.join(cacheDir, `${fallback}.${format}`),
        path.join(folders.media, outputName(source.ref, undefined, format)),
      ),
    )
  }
  await Promise.all(placed)
  return { ref: source.ref, entry, encoded, inBytes: bytes.length, outBytes }
}

async function encodeToCache(
  source: ImageSource,
  bytes: Buffer,
  cacheDir: string,
  settings: EncodeSettings,
): Promise<ManifestEntry> {
  const vector = source.ref.toLowerCase().endsWith('.svg')
  const found = await inspectImage(bytes)
  const fault = imageFault(source, found)
  if (fault) throw new SourceError(source, fault)
  if ('error' in found) throw new Error('imageFault let through an image that does not decode')
  const { width: sourceWidth, height: sourceHeight } = found
  const widths = widthsFor(source.ladder, sourceWidth, vector)
  const formats: ('webp' | 'avif')[] = settings.avif ? ['webp', 'avif'] : ['webp']
  await mkdir(cacheDir, { recursive: true })
  const encode = () => encodeWidths(bytes, widths, { vector, sourceWidth, cacheDir, settings })
  try {
    // A header that decoded does not promise a body that does (a PNG cut short, a broken path in an
    // SVG). A failed encode runs again alone, for a reason that is its own (cli/images/vips-turns.ts).
    await besideOthers(encode).catch(() => alone(encode))
  } catch (error) {
    throw new SourceError(
      source,
      finding(PROBLEMS.ImageNotEncodable, { ref: source.ref, reason: (error as Error).message }),
    )
  }
  const largest = widths.at(-1) ?? sourceWidth
  return { width: largest, height: Math.round((sourceHeight * largest) / sourceWidth), widths, formats }
}

/** Writes one WebP (and AVIF) file per width into the cache folder. */
async function encodeWidths(
  bytes: Buffer,
  widths: readonly number[],
  o: { vector: boolean; sourceWidth: number; cacheDir: string; settings: EncodeSettings },
): Promise<void> {
  const { vector, sourceWidth, cacheDir, settings } = o
  for (const width of widths) {
    // Vector sources are rasterised at the density that gives the target width, so they stay sharp.
    const input = vector
      ? sharp(bytes, { density: Math.min(2400, Math.ceil((72 * width) / sourceWidth)) })
      : sharp(bytes)
    const resized = input.resize({ width, withoutEnlargement: !vector })
    await resized
      .clone()
      .webp({ quality: settings.quality, effort: settings.effort })
      .toFile(path.join(cacheDir, `${width}.webp`))
    if (settings.avif)
      await resized
        .clone()
        .avif({ quality: settings.quality - 25, effort: 4 })
        .toFile(path.join(cacheDir, `${width}.avif`))
  }
}
