// https://vike.dev/Head
import { usePageContext } from 'vike-react/usePageContext'
import type { Seo } from '../cli/render/seo.ts'

/** Canonical URL, social tags and structured data, from the page data's `seo`. */
export function Head() {
  const seo = (usePageContext().data as { seo?: Seo } | undefined)?.seo
  return (
    <>
      <meta name="theme-color" content="#0b1f3a" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {seo && (
        <>
          <link rel="canonical" href={seo.canonical} />
          <meta property="og:type" content="website" />
          <meta property="og:site_name" content={seo.company} />
          <meta property="og:title" content={seo.title} />
          <meta property="og:description" content={seo.description} />
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
