import { describe, expect, it } from 'vitest'
import { htmlFilesFor } from '../lib/pages.ts'
import type { Content } from './content/load.ts'
import { expectedRoutes, sitemapRoutes } from './page-routes.ts'

describe('routes a build must pre-render', () => {
  it("are the fixed pages, the Web And Cloud page, and each product's, enquiry's and brochure's page", () => {
    const content = {
      products: [{ slug: 'alpha' }, { slug: 'beta' }],
      brochures: [{ id: 'UHF' }],
    } as unknown as Content
    expect(expectedRoutes(content)).toEqual([
      '/',
      '/aboutus',
      '/support',
      '/customercare.html',
      '/contactinformations',
      '/products',
      '/compare',
      '/productregistration',
      '/warrantyregistration',
      '/privacy_policy',
      '/comingsoon',
      '/railways',
      '/space',
      '/products/webandcloudsolutions',
      '/brochures',
      '/pdf-redirect',
      '/products/alpha',
      '/products/beta',
      '/productenquiry/alpha',
      '/productenquiry/beta',
      '/brochures/UHF',
    ])
  })

  it('for search engines are the indexed pages without their aliases, the comparison, brochures and redirect', () => {
    const content = {
      products: [{ slug: 'alpha' }],
      brochures: [{ id: 'UHF' }],
    } as unknown as Content
    expect(sitemapRoutes(content)).toEqual([
      '/',
      '/aboutus',
      '/support',
      '/products',
      '/productregistration',
      '/privacy_policy',
      '/comingsoon',
      '/railways',
      '/space',
      '/products/webandcloudsolutions',
      '/brochures',
      '/products/alpha',
      '/productenquiry/alpha',
    ])
  })

  it('are found as a static host serves them: / as index.html, a clean URL as a folder or a .html file', () => {
    expect(htmlFilesFor('/')).toEqual(['index.html'])
    expect(htmlFilesFor('/aboutus')).toEqual(['aboutus/index.html', 'aboutus.html'])
    expect(htmlFilesFor('/products/alpha')).toEqual(['products/alpha/index.html', 'products/alpha.html'])
    expect(htmlFilesFor('/customercare.html')).toEqual(['customercare.html'])
  })
})
