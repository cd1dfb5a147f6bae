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
  if (!image.avifSrcSet) return img
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  )
}
