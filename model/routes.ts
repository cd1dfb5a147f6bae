import { ROUTES } from '../lib/routes.ts'
import type { Content } from './content/load.ts'

/**
 * Routes every build has, whatever the content: the route table's fixed routes (lib/routes.ts) and
 * the Web And Cloud page, a fixed page under `/products/:slug`.
 */
export const STATIC_ROUTES: readonly string[] = [
  ...ROUTES.filter((route) => !route.includes(':') && route !== '*'),
  '/products/webandcloudsolutions',
]

/** Every route the content defines, in a stable order. */
export function expectedRoutes(content: Content): string[] {
  return routesFor(
    content.products.map((p) => p.slug),
    content.brochures.map((b) => b.id),
  )
}

/** Every route of a site with these products and brochures, in a stable order. */
export function routesFor(productSlugs: readonly string[], brochureIds: readonly string[]): string[] {
  return [
    ...STATIC_ROUTES,
    ...productSlugs.map((slug) => `/products/${slug}`),
    ...productSlugs.map((slug) => `/productenquiry/${slug}`),
    ...brochureIds.map((id) => `/brochures/${id}`),
  ]
}

/** The file a static host serves for a route: `/` → index.html, `/aboutus` → aboutus/index.html or aboutus.html. */
export function htmlFilesFor(route: string): string[] {
  if (route === '/') return ['index.html']
  const clean = route.replace(/^\//, '')
  if (clean.endsWith('.html')) return [clean]
  return [`${clean}/index.html`, `${clean}.html`]
}
