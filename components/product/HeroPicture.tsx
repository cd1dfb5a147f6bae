import type { ImageData } from '../../cli/render/images.ts'

interface HeroPictureProps {
  wide: ImageData
  narrow: ImageData
  alt: string
}

/** The hero image: the phone crop at 520 px or narrower, loaded first and with high priority. */
export function HeroPicture({ wide, narrow, alt }: HeroPictureProps) {
  const phone = '(max-width: 520px)'
  return (
    <picture>
      {narrow.avifSrcSet && (
        <source media={phone} type="image/avif" srcSet={narrow.avifSrcSet} sizes="92vw" />
      )}
      <source media={phone} srcSet={narrow.srcSet} sizes="92vw" width={narrow.width} height={narrow.height} />
      {wide.avifSrcSet && (
        <source type="image/avif" srcSet={wide.avifSrcSet} sizes="(max-width: 1024px) 92vw, 560px" />
      )}
      <img
        src={wide.src}
        srcSet={wide.srcSet}
        sizes="(max-width: 1024px) 92vw, 560px"
        width={wide.width}
        height={wide.height}
        alt={alt}
        loading="eager"
        decoding="sync"
        fetchPriority="high"
      />
    </picture>
  )
}
