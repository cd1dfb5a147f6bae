import { describe, expect, it } from 'vitest'
import { matchesKnownRoute, normalisePath, showsFooter, showsHeader } from './routes.ts'

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
