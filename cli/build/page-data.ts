import type { PageContextServer } from 'vike/types'
import type { PageKey } from '../../lib/pages.ts'
import { data as about } from '../../pages/aboutus/+data.ts'
import { data as brochure } from '../../pages/brochures/@id/+data.ts'
import { data as brochureLibrary } from '../../pages/brochures/+data.ts'
import { data as comingsoon } from '../../pages/comingsoon/+data.ts'
import { data as compare } from '../../pages/compare/+data.ts'
import { data as home } from '../../pages/index/+data.ts'
import { data as pdfRedirect } from '../../pages/pdf-redirect/+data.ts'
import { data as privacy } from '../../pages/privacy_policy/+data.ts'
import { data as enquiry } from '../../pages/productenquiry/@slug/+data.ts'
import { data as warranty } from '../../pages/productregistration/+data.ts'
import { data as product } from '../../pages/products/@slug/+data.ts'
import { data as catalogue } from '../../pages/products/+data.ts'
import { data as webAndCloud } from '../../pages/products/webandcloudsolutions/+data.ts'
import { data as railways } from '../../pages/railways/+data.ts'
import { data as space } from '../../pages/space/+data.ts'
import { data as support } from '../../pages/support/+data.ts'

/** What a page's `+data` hook reads of its page context: the address, and the route's parameter. */
export interface DataContext {
  urlPathname: string
  routeParams: Record<string, string>
}

/**
 * Each page's own `+data` hook, by its key in lib/pages.ts (TypeScript asks for one per declared
 * page): the build calls them for every route to learn which pages' inputs changed since the last
 * build (build-cache.ts) without rendering any. They run as Vike runs them, on the same render
 * context; a hook reads only `urlPathname` and `routeParams` of what Vike would give it.
 */
export const PAGE_DATA: Record<PageKey, (pageContext: DataContext) => Promise<unknown>> = {
  home: () => home(),
  about: () => about(),
  support: (pageContext) => support(pageContext as unknown as PageContextServer),
  catalogue: () => catalogue(),
  compare: () => compare(),
  warranty: () => warranty(),
  privacy: () => privacy(),
  comingsoon: () => comingsoon(),
  railways: () => railways(),
  space: () => space(),
  webAndCloud: () => webAndCloud(),
  product: (pageContext) => product(pageContext as unknown as PageContextServer),
  enquiry: (pageContext) => enquiry(pageContext as unknown as PageContextServer),
  brochureLibrary: () => brochureLibrary(),
  brochure: (pageContext) => brochure(pageContext as unknown as PageContextServer),
  pdfRedirect: () => pdfRedirect(),
}
