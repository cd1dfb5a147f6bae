import type { ImageData } from '../model/images.ts'

/**
 * Fetches and decodes `image` as `<Picture>` (Picture.tsx) would show it at `sizes` (the same
 * candidate: a detached copy of its markup), without showing it: a picture about to replace another then changes with the
 * press that asks for it instead of after a download. The browser keeps it in the document's list of
 * available images, so the `<img>` that takes its address shows it at once. A module of its own: the
 * pages that show a `<Picture>` and never change one do not load it.
 */
export function warmPicture(image: ImageData, sizes: string): void {
  const picture = document.createElement('picture')
  if (image.avifSrcSet) {
    const source = document.createElement('source')
    source.type = 'image/avif'
    source.srcset = image.avifSrcSet
    source.sizes = sizes
    picture.append(source)
  }
  // In its picture before it has an address, so the sources above are weighed as the page's are.
  const img = document.createElement('img')
  picture.append(img)
  img.sizes = sizes
  img.srcset = image.srcSet
  img.src = image.src
  // A picture that cannot be fetched now is fetched again when it is shown.
  img.decode().catch(() => {})
}
