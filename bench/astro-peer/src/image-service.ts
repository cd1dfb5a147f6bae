/**
 * Astro's own sharp image service, with one change: SVG sources are rasterised to WebP. Stock Astro
 * copies an SVG through untouched (and refuses to convert one), while every source image of this
 * site is SVG artwork that our pipeline (cli/images/encode.ts) rasterises at each width. So that both
 * builds encode the same images, an SVG is rendered at the density that gives the target width, as
 * ours does, then resized and encoded with the quality the page asked for. Everything else (the
 * transform queue, the cache in node_modules/.astro, hashing and writing files) is Astro's.
 */
import type { ImageTransform, LocalImageService } from 'astro'
import sharpService from 'astro/assets/services/sharp'
import sharp from 'sharp'

// As Astro's service does: each transform reads its own buffer, libvips' cache would only grow.
sharp.cache(false)

/** An imported SVG: Astro 5 imports one as a component (a function) that carries the image's metadata. */
const isSvgSource = (options: ImageTransform) =>
  typeof options.src !== 'string' && options.src.format === 'svg'

const service: LocalImageService = {
  ...sharpService,
  validateOptions(options, config) {
    if (!isSvgSource(options)) return sharpService.validateOptions?.(options, config) ?? options
    const format = options.format ?? 'webp'
    // Astro's checks force an SVG source to stay SVG; run them, then ask for the raster again.
    const checked = sharpService.validateOptions?.(options, config) ?? options
    return { ...checked, format }
  },
  async transform(input, transform, config) {
    const meta = await sharp(input).metadata()
    if (meta.format !== 'svg' || !transform.width || !transform.format) {
      return sharpService.transform(input, transform, config)
    }
    const width = Math.round(transform.width)
    const density = Math.min(2400, Math.ceil((72 * width) / (meta.width ?? width)))
    const quality = typeof transform.quality === 'number' ? transform.quality : Number(transform.quality)
    const { data, info } = await sharp(input, {
      density,
      limitInputPixels: config.service.config.limitInputPixels,
    })
      .resize({ width })
      .toFormat(transform.format as 'webp', Number.isFinite(quality) ? { quality } : {})
      .toBuffer({ resolveWithObject: true })
    return { data, format: info.format as 'webp' }
  },
}

export default service
