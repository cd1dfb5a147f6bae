import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  aliasRoute,
  indexedRoutes,
  matchesKnownRoute,
  normalisePath,
  PAGE_LIST,
  PAGES,
  pageFor,
  routesFor,
  showsFooter,
  showsHeader,
} from './pages.ts'

describe('normalisePath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normalisePath('/')).toBe('/')
    expect(normalisePath('/aboutus/')).toBe('/aboutus')
    expect(normalisePath('/aboutus///')).toBe('/aboutus')
    expect(normalisePath('/customercare.html')).toBe('/customercare.html')
  })
})

describe('matchesKnownRoute (site-spec §2: where the footer shows)', () => {
  it('matches static routes exactly, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/aboutus',
      '/aboutus/',
      '/support',
      '/customercare.html',
      '/space',
      '/comingsoon',
      '/brochures',
      '/products',
      '/products/',
      '/compare',
    ]) {
      expect(matchesKnownRoute(path), path).toBe(true)
    }
    for (const path of ['/aboutusx', '/about', '/customercare', '/space/stations', '/nothing']) {
      expect(matchesKnownRoute(path), path).toBe(false)
    }
  })

  it('matches a parameterised route by its prefix, only with a parameter after it', () => {
    for (const path of [
      '/products/szephyr',
      '/products/anything-new',
      '/productenquiry/szephyr',
      '/brochures/x',
    ]) {
      expect(matchesKnownRoute(path), path).toBe(true)
    }
    for (const path of ['/productsx', '/brochuresx', '/productenquiry/', '/compare/x']) {
      expect(matchesKnownRoute(path), path).toBe(false)
    }
  })

  it('never matches through the wildcard', () => {
    expect(matchesKnownRoute('/no/such/page')).toBe(false)
    expect(matchesKnownRoute('*')).toBe(false)
  })
})

describe('showsHeader and showsFooter', () => {
  it('hides the header on the three contact screens only', () => {
    for (const path of ['/support', '/support/', '/customercare.html', '/contactinformations']) {
      expect(showsHeader(path), path).toBe(false)
    }
    for (const path of ['/', '/aboutus', '/supports', '/productenquiry/szephyr', '/no/such/page']) {
      expect(showsHeader(path), path).toBe(true)
    }
  })

  it('shows the footer on known routes and not on an unknown one', () => {
    expect(showsFooter('/products/szephyr')).toBe(true)
    expect(showsFooter('/support')).toBe(true)
    expect(showsFooter('/no/such/page')).toBe(false)
  })
})

describe('pageFor', () => {
  it('finds a fixed page or alias exactly, before a page per product with the same prefix', () => {
    expect(pageFor('/products/webandcloudsolutions')?.key).toBe('webAndCloud')
    expect(pageFor('/products/szephyr')?.key).toBe('product')
    expect(pageFor('/products')?.key).toBe('catalogue')
    expect(pageFor('/customercare.html')?.key).toBe('support')
    expect(pageFor('/warrantyregistration/')?.key).toBe('warranty')
    expect(pageFor('/brochures/UHF')?.key).toBe('brochure')
    expect(pageFor('/nothing')).toBeUndefined()
  })
})

describe('routesFor and indexedRoutes', () => {
  const params = { product: ['a'], brochure: ['B'] }
  it('list every address once: fixed pages with their aliases, then a page per product and per brochure', () => {
    const routes = routesFor(params)
    expect(new Set(routes).size).toBe(routes.length)
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/contactinformations', '/products/a', '/productenquiry/a']),
    )
    expect(routes.slice(-3)).toEqual(['/products/a', '/productenquiry/a', '/brochures/B'])
  })

  it('give search engines neither aliases nor the pages declared not indexed', () => {
    const indexed = indexedRoutes(params)
    for (const route of [
      '/customercare.html',
      '/warrantyregistration',
      '/compare',
      '/pdf-redirect',
      '/brochures/B',
    ])
      expect(indexed, route).not.toContain(route)
    expect(indexed).toEqual(expect.arrayContaining(['/', '/support', '/products/a', '/productenquiry/a']))
  })
})

describe('the declaration and pages/ agree', () => {
  const PAGES_DIR = path.join(import.meta.dirname, '..', 'pages')
  /** Every folder under pages/ with a `+Page`, as a path inside pages/ (Vike's error page aside). */
  const pageFolders = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === '+Page.tsx')
    .map((file) => path.dirname(file).split(path.sep).join('/'))
    .filter((folder) => folder !== '_error')
    .sort()

  it('declares each page folder once, and each declared folder has its +Page', () => {
    expect(PAGE_LIST.map((page) => page.folder).sort()).toEqual(pageFolders)
  })

  it('names each folder for its address: index is /, @param is :param', () => {
    for (const page of PAGE_LIST) {
      const address = page.folder === 'index' ? '/' : `/${page.folder.replace(/(^|\/)@/g, '$1:')}`
      expect(address, page.folder).toBe(page.path)
    }
  })

  it('routes a page with aliases by a route function that lists them for the pre-render', () => {
    for (const page of PAGE_LIST) {
      const has = (file: string) => existsSync(path.join(PAGES_DIR, page.folder, file))
      expect(has('+route.ts'), page.folder).toBe(Boolean(page.aliases))
      if (page.aliases) expect(has('+onBeforePrerenderStart.ts'), page.folder).toBe(true)
    }
    const route = aliasRoute(PAGES.support)
    expect(
      ['/support', '/support/', '/customercare.html', '/contactinformations'].map((p) =>
        route({ urlPathname: p }),
      ),
    ).toEqual([true, true, true, true])
    expect(route({ urlPathname: '/supports' })).toBe(false)
  })

  it('names content files that exist', () => {
    for (const page of PAGE_LIST)
      if (page.content)
        expect(existsSync(path.join(import.meta.dirname, '..', 'content', page.content)), page.content).toBe(
          true,
        )
  })
})
