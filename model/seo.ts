import type { RenderContext } from './context.ts'

/** What every page's head carries (title, description, canonical URL, social tags, structured data). */
export interface Seo {
  title: string
  description: string
  /** Path of the canonical URL, e.g. `/products/szephyr`. */
  path: string
  /** Absolute canonical URL under SITE_URL. */
  canonical: string
  /** Absolute URL of the social preview image. */
  image?: string
  /** JSON-LD objects to embed. */
  jsonLd: object[]
  company: string
}

/** The head data of a page: `title` gets the company name appended, the canonical URL SITE_URL. */
export function seoFor(
  ctx: Pick<RenderContext, 'config' | 'content'>,
  page: {
    title: string
    description: string
    path: string
    image?: string
    jsonLd?: object[]
    breadcrumb?: string
  },
): Seo {
  const company = ctx.content.site.company
  const canonical = `${ctx.config.siteUrl}${page.path === '/' ? '/' : page.path}`
  const jsonLd = [...(page.jsonLd ?? [])]
  if (page.breadcrumb)
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ctx.config.siteUrl}/` },
        { '@type': 'ListItem', position: 2, name: page.breadcrumb, item: canonical },
      ],
    })
  return {
    title: page.path === '/' ? page.title : `${page.title} | ${company}`,
    description: page.description,
    path: page.path,
    canonical,
    ...(page.image ? { image: absolute(ctx.config.siteUrl, page.image) } : {}),
    jsonLd,
    company,
  }
}

/** Makes an asset URL absolute for social tags (asset bases may already be absolute). */
export function absolute(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url}`
}
