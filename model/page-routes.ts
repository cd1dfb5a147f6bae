import { indexedRoutes, type RouteParams, routesFor } from '../lib/pages.ts'
import type { Content } from './content/load.ts'

/** What the content makes a page for: each product, and each brochure. */
export function routeParams(content: Pick<Content, 'products' | 'brochures'>): RouteParams {
  return { product: content.products.map((p) => p.slug), brochure: content.brochures.map((b) => b.id) }
}

/** Every address a build of this content pre-renders, in a stable order (lib/pages.ts). */
export function expectedRoutes(content: Pick<Content, 'products' | 'brochures'>): string[] {
  return routesFor(routeParams(content))
}

/** The addresses of this content that search engines get: the sitemap. */
export function sitemapRoutes(content: Pick<Content, 'products' | 'brochures'>): string[] {
  return indexedRoutes(routeParams(content))
}
