/**
 * The route table of the site (../shared/spec/DECISIONS.md, Routes) and the rules that hang on it:
 * where the header and footer show. Shared by pages, the server and tests.
 *
 * A dozen lines of matching are written here rather than pulling in react-router for `matchPath`:
 * the site routes with Vike, and these patterns only need `:param` segments and a trailing `*`.
 */
export const ROUTES = [
  '/',
  '/aboutus',
  '/support',
  '/customercare.html',
  '/contactinformations',
  '/products',
  '/compare',
  '/products/:slug',
  '/productenquiry/:slug',
  '/productregistration',
  '/warrantyregistration',
  '/privacy_policy',
  '/comingsoon',
  '/space',
  '/railways',
  '/brochures',
  '/brochures/:id',
  '/pdf-redirect',
  '*',
] as const

/** The catalogue: every product by category, with filters (pages/catalogue). */
export const CATALOGUE_PATH = '/products'

/** The brochure library: every brochure, by domain and by product. */
export const BROCHURE_LIBRARY = '/brochures'

/** Screens shown without the shared header: the contact screens. */
export const NO_HEADER = ['/support', '/customercare.html', '/contactinformations'] as const

/** Strips a trailing slash (but keeps `/`) and any `.html` clean-URL variant stays as written. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/**
 * Whether `pathname` matches a known route the way ../shared/spec/site-spec.md §2 says the footer decides:
 * static routes exactly, parameterised routes by their prefix, the wildcard never.
 */
export function matchesKnownRoute(pathname: string): boolean {
  const path = normalisePath(pathname)
  return ROUTES.some((route) => {
    if (route === '*') return false
    const param = route.indexOf('/:')
    // Stryker disable next-line EqualityOperator,ConditionalExpression,ArithmeticOperator: no route starts
    // with /:, and normalisePath leaves a character after a matched prefix's slash.
    if (param >= 0) return path.startsWith(route.slice(0, param + 1)) && path.length > param + 1
    return path === route
  })
}

/** The header shows everywhere except the contact screens. */
export function showsHeader(pathname: string): boolean {
  return !(NO_HEADER as readonly string[]).includes(normalisePath(pathname))
}

/** The footer shows on known routes only, never on the not-found screen. */
export function showsFooter(pathname: string): boolean {
  return matchesKnownRoute(pathname)
}
