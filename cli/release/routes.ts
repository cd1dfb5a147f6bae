import type { Content } from '../content/load.ts'

/** Routes every build has, whatever the content (DECISIONS.md, Routes). */
export const STATIC_ROUTES = [
  '/',
  '/aboutus',
  '/support',
  '/customercare.html',
  '/contactinformations',
  '/productregistration',
  '/warrantyregistration',
  '/privacy_policy',
  '/comingsoon',
  '/space',
  '/railways',
  '/pdf-redirect',
  '/products/webandcloudsolutions',
] as const

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
