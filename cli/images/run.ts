import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import pLimit from 'p-limit'
import sharp from 'sharp'
import { ERRORS, type Problem, siteError } from '../../lib/errors.ts'
import type { Content } from '../../model/content/load.ts'
import { parseYaml } from '../../model/content/locate.ts'
import { type ManifestEntry, manifestFile } from '../../model/images.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { bytes } from '../timing.ts'
import { collectImages } from './collect.ts'
import {
  DEFAULT_SETTINGS,
  type EncodeResult,
  type EncodeSettings,
  encodeImage,
  SourceError,
} from './encode.ts'
import { progress } from './progress.ts'

export interface ImagesOptions {
  force?: boolean
  avif?: boolean
  /** Parallel encodes; defaults to one more than the machine's cores. */
  concurrency?: number
  /** Show a progress bar (only on a terminal). */
  progress?: boolean
}

export interface ImagesSummary {
  total: number
  encoded: number
  cached: number
  inBytes: number
  outBytes: number
  manifest: Record<string, ManifestEntry>
}

/** Encodes every image the content references into public/media, reusing cached encodes. */
export async function runImages(
  content: Content,
  paths: ProjectPaths,
  options: ImagesOptions = {},
): Promise<ImagesSummary> {
  const sources = collectImages(content, path.relative(paths.root, paths.content) || 'content')
  const settings: EncodeSettings = { ...DEFAULT_SETTINGS, avif: options.avif ?? false }
  // Each encode gets one libvips thread; parallelism comes from running `concurrency` encodes at once.
  // One more than the cores: each image also reads, hashes and writes files between its encodes, and
  // the extra one keeps the cores busy meanwhile (a cold `site images` here: 19.1 s with 2 at once,
  // 17.1 s with 3, the same CPU time).
  const concurrency = options.concurrency ?? availableParallelism() + 1
  sharp.concurrency(1)
  const limit = pLimit(concurrency)
  const bar = progress(sources.length, options.progress ?? true)
  const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
  const failures: SourceError[] = []
  const results: EncodeResult[] = []
  await Promise.all(
    sources.map((source) =>
      limit(async () => {
        try {
          results.push(await encodeImage(source, folders, settings, options.force ?? false))
        } catch (error) {
          if (error instanceof SourceError) failures.push(error)
          else throw error
        } finally {
          bar.tick(source.ref)
        }
      }),
    ),
  )
  bar.done()
  if (failures.length) {
    throw siteError(
      ERRORS.ImagesInvalid,
      { failed: failures.length, total: sources.length },
      await locateFailures(failures, paths.root),
    )
  }
  const manifest = Object.fromEntries(
    results.sort((a, b) => a.ref.localeCompare(b.ref)).map((r) => [r.ref, r.entry]),
  )
  const file = manifestFile(paths)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(`${file}.tmp`, JSON.stringify(manifest))
  await rename(`${file}.tmp`, file)
  const encoded = results.filter((r) => r.encoded).length
  return {
    total: results.length,
    encoded,
    cached: results.length - encoded,
    inBytes: results.reduce((n, r) => n + r.inBytes, 0),
    outBytes: results.reduce((n, r) => n + r.outBytes, 0),
    manifest,
  }
}

/** The summary line: `N images: X encoded, Y cached, IN → OUT bytes`. */
export function summaryLine(s: ImagesSummary): string {
  return `${s.total} images: ${s.encoded} encoded, ${s.cached} cached, ${bytes(s.inBytes)} → ${bytes(s.outBytes)}`
}

/** One problem per use of each failed image, at the line and column of the field that names it. */
async function locateFailures(failures: SourceError[], root: string): Promise<Problem[]> {
  const problems: Problem[] = []
  const parsed = new Map<string, ReturnType<typeof parseYaml> | undefined>()
  for (const failure of failures)
    for (const use of failure.source.uses) {
      if (!parsed.has(use.file))
        parsed.set(
          use.file,
          await readFile(path.join(root, use.file), 'utf8').then(parseYaml, () => undefined),
        )
      const at = parsed.get(use.file)?.locate(use.pointer) ?? { line: 1, col: 1 }
      problems.push({ file: use.file, ...at, path: use.pointer, ...failure.found })
    }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
}
