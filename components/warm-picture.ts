import type { ImageData } from '../model/images.ts'
import { pictureSources } from './Picture.tsx'

/**
 * Fetches and decodes `image` as `<Picture>` would show it at `sizes`, without showing it: a detached
 * copy of its markup (the same sources, `pictureSources`), so the browser chooses the same candidate.
 * A picture about to replace another then changes with the press that asks for it instead of after a
 * download: the browser keeps it in the document's list of available images, and the `<img>` that
 * takes its address shows it at once. A module of its own: the pages that show a `<Picture>` and never
 * change one do not load it.
 */
export function warmPicture(image: ImageData, sizes: string): void {
  const picture = document.createElement('picture')
  for (const { type, srcSet } of pictureSources(image)) {
    const source = document.createElement('source')
    source.type = type
    source.srcset = srcSet
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
