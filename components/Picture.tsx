import type { ImageData } from '../model/images.ts'

interface PictureProps {
  image: ImageData
  alt: string
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string
  /** The above-the-fold image: loaded first, with high priority. Everything else loads lazily. */
  priority?: boolean
  className?: string
}

/**
 * The `<source>`s a `<Picture>` offers before its `<img>` (which carries the WebP set), best first: what
 * `warm-picture.ts` copies, so a picture fetched ahead is the one the page will choose.
 */
export function pictureSources(image: ImageData): { type: string; srcSet: string }[] {
  return image.avifSrcSet ? [{ type: 'image/avif', srcSet: image.avifSrcSet }] : []
}

/** A responsive image with width and height (no layout shift), srcset, and lazy loading below the fold. */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  )
  const sources = pictureSources(image)
  if (!sources.length) return img
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
