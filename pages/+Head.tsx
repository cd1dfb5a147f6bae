// https://vike.dev/Head
import { usePageContext } from 'vike-react/usePageContext'
import { pageFor } from '../lib/pages.ts'
import type { Seo } from '../model/seo.ts'
// The logo mark (favicon.svg) as a 32 px PNG, inline so it needs no file of its own. Not the SVG:
// Chromium decodes the icon again after every same-document navigation (a filter, a section link),
// and an SVG is a document to build each time, in the interaction's frame (tools/make-favicon.mjs).
import FAVICON from './favicon.png?inline'

/**
 * Canonical URL, social tags and structured data, from the page data's `seo`. Pages lib/pages.ts does
 * not declare `indexed` (the comparison, brochure downloads, the after-download page) and the error
 * page are kept out of search.
 */
export function Head() {
  const pageContext = usePageContext()
  const data = pageContext.data as { seo?: Seo } | undefined
  const seo = data?.seo
  const indexed = !pageContext.is404 && pageFor(pageContext.urlPathname)?.indexed === true
  return (
    <>
      <meta name="theme-color" content="#0b1f3a" />
      <link rel="icon" href={FAVICON} type="image/png" sizes="32x32" />
      {(!indexed || !seo) && <meta name="robots" content="noindex" />}
      {seo && (
        <>
          <link rel="canonical" href={seo.canonical} />
          <meta property="og:type" content="website" />
          <meta property="og:site_name" content={seo.company} />
          {/* og:title and og:description come from vike-react, with the title and description settings. */}
          <meta property="og:url" content={seo.canonical} />
          {seo.image && <meta property="og:image" content={seo.image} />}
          <meta name="twitter:card" content={seo.image ? 'summary_large_image' : 'summary'} />
          <meta name="twitter:title" content={seo.title} />
          <meta name="twitter:description" content={seo.description} />
          {seo.image && <meta name="twitter:image" content={seo.image} />}
          {seo.jsonLd.map((item) => (
            <script
              key={JSON.stringify(item).slice(0, 60)}
              type="application/ld+json"
              // JSON-LD must be raw JSON; `<` is escaped so content can never close the script element.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped structured data
              dangerouslySetInnerHTML={{ __html: JSON.stringify(item).replaceAll('<', '\\u003c') }}
            />
          ))}
        </>
      )}
    </>
  )
}
