/**
 * Every page of the site, declared once (../shared/spec/DECISIONS.md, Routes): its address, the folder
 * under pages/ that renders it, whether the shared header shows, whether search engines and the site
 * search get it, the JavaScript budget it answers to and its content file. Everything else reads this
 * table: the header and footer rules (browser), the routes a build must pre-render, the sitemap, the
 * search index, `site verify`'s budgets and the links validate accepts in content. docs/content.md,
 * "Adding a page", says what a new page needs.
 *
 * Matching is a dozen lines here rather than react-router's `matchPath`: the site routes with Vike, and
 * these patterns only need one `:param` segment.
 */

/** The gzipped JavaScript a page may load after its first paint, by kind (cli/verify/verify.ts). */
export type Budget = 'page' | 'finder' | 'product' | 'form'

/** One page. */
export interface PageDeclaration {
  /** Its address: a path, or a path ending in one `:param` for a page per product or per brochure. */
  path: string
  /** Other addresses of the same screen: each pre-rendered, each naming `path` as its canonical URL. */
  aliases?: readonly string[]
  /** What a `:param` page is made for: one per product, or one per brochure. */
  each?: 'product' | 'brochure'
  /** The folder under pages/ with its `+Page` (Vike's filesystem routing: `index` is `/`). */
  folder: string
  /** Whether the shared header shows: the contact screens have a slim bar of their own instead. */
  header: boolean
  /** Whether search engines get it: listed in the sitemap, without `noindex`. */
  indexed: boolean
  /**
   * Its result in the site search: a title and category of its own, or `product` / `brochure` for
   * pages that carry their own (cli/search/pages.ts); absent for pages the search leaves out.
   */
  search?: { title: string; category: string } | 'product' | 'brochure'
  budget: Budget
  /** Its own content file under content/, when it has one (model/content/sources.ts reads it). */
  content?: string
}

/** The site's pages, in the order a build lists them. */
export const PAGES = {
  home: {
    path: '/',
    folder: 'index',
    header: true,
    indexed: true,
    search: { title: 'Home', category: 'Company' },
    budget: 'page',
    content: 'pages/home.yaml',
  },
  about: {
    path: '/aboutus',
    folder: 'aboutus',
    header: true,
    indexed: true,
    search: { title: 'About us', category: 'Company' },
    budget: 'page',
    content: 'pages/about.yaml',
  },
  support: {
    path: '/support',
    aliases: ['/customercare.html', '/contactinformations'],
    folder: 'support',
    header: false,
    indexed: true,
    budget: 'form',
  },
  catalogue: { path: '/products', folder: 'products', header: true, indexed: true, budget: 'finder' },
  compare: { path: '/compare', folder: 'compare', header: true, indexed: false, budget: 'finder' },
  warranty: {
    path: '/productregistration',
    aliases: ['/warrantyregistration'],
    folder: 'productregistration',
    header: true,
    indexed: true,
    budget: 'form',
  },
  privacy: {
    path: '/privacy_policy',
    folder: 'privacy_policy',
    header: true,
    indexed: true,
    budget: 'page',
    content: 'pages/privacy-policy.md',
  },
  comingsoon: { path: '/comingsoon', folder: 'comingsoon', header: true, indexed: true, budget: 'page' },
  railways: {
    path: '/railways',
    folder: 'railways',
    header: true,
    indexed: true,
    search: { title: 'Railways', category: 'Solutions' },
    budget: 'page',
    content: 'pages/railways.yaml',
  },
  space: {
    path: '/space',
    folder: 'space',
    header: true,
    indexed: true,
    search: { title: 'Space', category: 'Solutions' },
    budget: 'page',
    content: 'pages/space.yaml',
  },
  webAndCloud: {
    path: '/products/webandcloudsolutions',
    folder: 'products/webandcloudsolutions',
    header: true,
    indexed: true,
    search: { title: 'Web And Cloud Solutions', category: 'Solutions' },
    budget: 'product',
    content: 'pages/webandcloud.yaml',
  },
  product: {
    path: '/products/:slug',
    each: 'product',
    folder: 'products/@slug',
    header: true,
    indexed: true,
    search: 'product',
    budget: 'product',
  },
  enquiry: {
    path: '/productenquiry/:slug',
    each: 'product',
    folder: 'productenquiry/@slug',
    header: true,
    indexed: true,
    budget: 'form',
  },
  brochureLibrary: {
    path: '/brochures',
    folder: 'brochures',
    header: true,
    indexed: true,
    search: { title: 'Brochures', category: 'Downloads' },
    budget: 'page',
  },
  brochure: {
    path: '/brochures/:id',
    each: 'brochure',
    folder: 'brochures/@id',
    header: true,
    indexed: false,
    search: 'brochure',
    budget: 'page',
  },
  pdfRedirect: {
    path: '/pdf-redirect',
    folder: 'pdf-redirect',
    header: true,
    indexed: false,
    budget: 'page',
  },
} as const satisfies Record<string, PageDeclaration>

export type PageKey = keyof typeof PAGES

/** Every declaration with its key, in the table's order. */
export const PAGE_LIST: readonly (PageDeclaration & { key: PageKey })[] = Object.entries(PAGES).map(
  ([key, page]) => ({ ...page, key: key as PageKey }),
)

/** The catalogue's address (pages/products). */
export const CATALOGUE_PATH = PAGES.catalogue.path

/** The brochure library's address (pages/brochures). */
export const BROCHURE_LIBRARY = PAGES.brochureLibrary.path

/** Strips trailing slashes (but keeps `/`); a `.html` address stays as written. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/** A page's own address and its aliases. */
export const addressesOf = (page: PageDeclaration): readonly string[] => [page.path, ...(page.aliases ?? [])]

/**
 * The page an address belongs to: a fixed address (or alias) exactly, else a `:param` page by its prefix
 * with a parameter after it (`/products/anything` is the product page, whose unknown slug ends on
 * /comingsoon). Undefined for the not-found screen.
 */
export function pageFor(pathname: string): (PageDeclaration & { key: PageKey }) | undefined {
  const path = normalisePath(pathname)
  const fixed = PAGE_LIST.find((page) => !page.each && addressesOf(page).includes(path))
  if (fixed) return fixed
  return PAGE_LIST.find((page) => {
    if (!page.each) return false
    const prefix = page.path.slice(0, page.path.indexOf(':'))
    return path.startsWith(prefix) && path.length > prefix.length
  })
}

/** Whether an address is one of the site's pages (../shared/spec/site-spec.md §2: where the footer shows). */
export function matchesKnownRoute(pathname: string): boolean {
  return pageFor(pathname) !== undefined
}

/** The header shows everywhere but on the pages that declare otherwise (the contact screens). */
export function showsHeader(pathname: string): boolean {
  return pageFor(pathname)?.header ?? true
}

/** The footer shows on the site's pages, never on the not-found screen. */
export function showsFooter(pathname: string): boolean {
  return matchesKnownRoute(pathname)
}

/**
 * A Vike route function for a page with aliases (pages/support, pages/productregistration): it matches
 * the page's own address and each alias. Its `+onBeforePrerenderStart` lists them for the pre-render.
 */
export function aliasRoute(page: PageDeclaration): (pageContext: { urlPathname: string }) => boolean {
  const addresses = addressesOf(page)
  return (pageContext) => addresses.includes(normalisePath(pageContext.urlPathname))
}

/** What a site's `:param` pages are made for: its products' slugs and its brochures' ids. */
export interface RouteParams {
  product: readonly string[]
  brochure: readonly string[]
}

/**
 * Every address of a site with these products and brochures, in a stable order: the fixed pages and
 * their aliases in the table's order, then each `:param` page for each of its items.
 */
export function routesFor(params: RouteParams, pages: readonly PageDeclaration[] = PAGE_LIST): string[] {
  const fixed = pages.filter((page) => !page.each).flatMap(addressesOf)
  const each = pages.flatMap((page) =>
    page.each ? params[page.each].map((item) => page.path.replace(/:[a-z]+$/i, item)) : [],
  )
  return [...fixed, ...each]
}

/** The addresses search engines get (the sitemap): indexed pages, without their aliases. */
export function indexedRoutes(params: RouteParams): string[] {
  return routesFor(
    params,
    PAGE_LIST.filter((page) => page.indexed).map(({ aliases: _aliases, ...page }) => page),
  )
}

/** The file a static host serves for an address: `/` → index.html, `/aboutus` → aboutus/index.html or aboutus.html. */
export function htmlFilesFor(route: string): string[] {
  if (route === '/') return ['index.html']
  const clean = route.replace(/^\//, '')
  if (clean.endsWith('.html')) return [clean]
  return [`${clean}/index.html`, `${clean}.html`]
}
