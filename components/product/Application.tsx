import { ArtPicture } from '../ArtPicture.tsx'
import type { Application as Data } from './types.ts'

/** Where the product is used: the application artwork, with its own picture for phones. */
export function Application({ application }: { application: Data }) {
  return (
    <ArtPicture
      wide={application.image}
      narrow={application.imageMobile}
      narrowQuery="(max-width: 520px)"
      alt=""
      wideSizes="(max-width: 1200px) 92vw, 1200px"
      narrowSizes="92vw"
      className="papp__media"
    />
  )
}
