import { SiteError } from '../errors.ts'
import { defaultWidth, type ManifestEntry, outputName } from '../images/encode.ts'
import type { RenderContext } from './context.ts'

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
