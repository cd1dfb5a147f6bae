// https://vike.dev/Head (cumulative: this adds to the site-wide head)

/**
 * Enquiry pages are one form per product with the same words on each: thin near-duplicates that
 * should not compete with the product pages in search. They stay out of the index (and out of the
 * sitemap, which skips `noindex` pages); their links are still followed.
 */
export function Head() {
  return <meta name="robots" content="noindex, follow" />
}
