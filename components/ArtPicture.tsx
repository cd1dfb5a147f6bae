import type { ImageData } from '../model/images.ts'

interface ArtPictureProps {
  /** The image on wide screens. */
  wide: ImageData
  /** The image at `narrowQuery` widths (its own crop and proportions). */
  narrow: ImageData
  /** Media query of the narrow image, e.g. `(max-width: 1024px)`. */
  narrowQuery: string
  alt: string
  wideSizes: string
  narrowSizes: string
  className?: string
  /** The above-the-fold image: loaded first, with high priority. Everything else loads lazily. */
  priority?: boolean
}

/**
 * Art direction: a different image below a breakpoint, each with its own width and height so the
 * browser reserves the right space. Loads lazily unless it is the page's `priority` image.
 */
export function ArtPicture({
  wide,
  narrow,
  narrowQuery,
  alt,
  wideSizes,
  narrowSizes,
  className,
  priority = false,
}: ArtPictureProps) {
  return (
    <picture className={className}>
      {narrow.avifSrcSet && (
        <source media={narrowQuery} type="image/avif" srcSet={narrow.avifSrcSet} sizes={narrowSizes} />
      )}
      <source
        media={narrowQuery}
        type="image/webp"
        srcSet={narrow.srcSet}
        sizes={narrowSizes}
        width={narrow.width}
        height={narrow.height}
      />
      {wide.avifSrcSet && <source type="image/avif" srcSet={wide.avifSrcSet} sizes={wideSizes} />}
      <img
        src={wide.src}
        srcSet={wide.srcSet}
        sizes={wideSizes}
        width={wide.width}
        height={wide.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  )
}
