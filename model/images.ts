import path from 'node:path'
import { ERRORS, siteError } from '../lib/errors.ts'
import { PLACEHOLDER } from './content/placeholder.ts'
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

/** What a draft shows where its image is still a placeholder: a grey box that says so. */
const STAND_IN: ImageData = {
  src: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="#e5e7eb"/><text x="400" y="310" font-family="system-ui,sans-serif" font-size="40" text-anchor="middle" fill="#4b5563">Image to come</text></svg>',
  )}`,
  srcSet: '',
  width: 800,
  height: 600,
}

/** Turns a content image reference into URLs under the asset base, with its size and srcset. */
export function imageFor(ctx: Pick<RenderContext, 'images' | 'config'>, ref: string): ImageData {
  // Only a draft can hold a placeholder (validation refuses it elsewhere), and only `site dev` shows drafts.
  if (ref.includes(PLACEHOLDER)) return STAND_IN
  const entry: ManifestEntry | undefined = ctx.images[ref]
  if (!entry) throw siteError(ERRORS.ImageNotEncoded, { ref })
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
