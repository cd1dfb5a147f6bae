import { ROUTES } from '../../lib/routes.ts'
import type { Content } from '../../renderer/content/load.ts'

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
  return [
    ...STATIC_ROUTES,
    ...content.products.map((p) => `/products/${p.slug}`),
    ...content.products.map((p) => `/productenquiry/${p.slug}`),
    ...content.brochures.map((b) => `/brochures/${b.id}`),
  ]
}

/** The file a static host serves for a route: `/` → index.html, `/aboutus` → aboutus/index.html or aboutus.html. */
export function htmlFilesFor(route: string): string[] {
  if (route === '/') return ['index.html']
  const clean = route.replace(/^\//, '')
  if (clean.endsWith('.html')) return [clean]
  return [`${clean}/index.html`, `${clean}.html`]
}
