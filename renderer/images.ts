import path from 'node:path'
import { SiteError } from '../lib/errors.ts'
import type { RenderContext } from './context.ts'
import type { ProjectPaths } from './paths.ts'

/** What pages need to know about an encoded image. */
export interface ManifestEntry {
  /** Width and height of the largest encoded file, for the `width`/`height` attributes. */
  width: number
  height: number
  widths: number[]
  formats: ('webp' | 'avif')[]
}

/** Where the image manifest lives: `site images` writes it, pages read it for srcset, width and height. */
export const manifestFile = (paths: ProjectPaths) => path.join(paths.cache, 'images', 'manifest.json')

/** Output file name for a width: `Header/szephyr.svg` at 320 → `Header/szephyr-320.webp`. */
export function outputName(ref: string, width: number | undefined, format: 'webp' | 'avif' = 'webp'): string {
  const base = ref.replace(/\.[a-z]+$/i, '')
  return width === undefined ? `${base}.${format}` : `${base}-${width}.${format}`
}

/** The width written without a suffix (`name.webp`): the largest encoded width up to 1200 px. */
export function defaultWidth(widths: readonly number[]): number {
  const fitting = widths.filter((w) => w <= 1200)
  return fitting.at(-1) ?? widths[0] ?? 0
}

/** An image as a page writes it: plain data for `<Picture>`. */
export interface ImageData {
  src: string
  srcSet: string
  /** AVIF sources when they were made. */
  avifSrcSet?: string
  width: number
  height: number
}

/** Turns a content image reference into URLs under the asset base, with its size and srcset. */
export function imageFor(ctx: Pick<RenderContext, 'images' | 'config'>, ref: string): ImageData {
  const entry: ManifestEntry | undefined = ctx.images[ref]
  if (!entry)
    throw new SiteError(
      'image-not-encoded',
      `The image "${ref}" was not made by \`site images\`.`,
      'run `site images` again.',
    )
  const url = (name: string) => `${ctx.config.assetBase}/${name}`
  const set = (format: 'webp' | 'avif') =>
    entry.widths.map((w) => `${url(outputName(ref, w, format))} ${w}w`).join(', ')
  return {
    src: url(outputName(ref, defaultWidth(entry.widths))),
    srcSet: set('webp'),
    ...(entry.formats.includes('avif') ? { avifSrcSet: set('avif') } : {}),
    width: entry.width,
    height: entry.height,
  }
}
