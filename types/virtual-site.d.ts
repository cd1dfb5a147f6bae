declare module 'virtual:site' {
  import type { ImageData } from '../renderer/images.ts'
  import type { Site, Brochure } from '../renderer/content/schemas/site.ts'

  /** The public part of the content that every page's shell needs; see cli/build/vite-plugin.ts. */
  export interface SiteShell {
    company: string
    contact: Site['contact']
    offices: Site['offices']
    apiBase: string
    apiTimeoutMs: number
    storageBase: string
    assetBase: string
    siteUrl: string
    analyticsId: string
    products: { slug: string; name: string; link: string; image: ImageData }[]
    brochures: Brochure[]
  }
  export const site: SiteShell
  export default site
}
