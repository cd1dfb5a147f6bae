// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { normalisePath, PAGES } from '../../lib/pages.ts'
import { renderContext } from '../../model/context.ts'
import { seoFor } from '../../model/seo.ts'

/** The three addresses of the contact screen (../shared/spec/DECISIONS.md, Routes): one screen, each with its own title. */
const TITLES: Record<string, { title: string; summary: (company: string) => string }> = {
  '/support': {
    title: 'Contact Us',
    summary: (company) =>
      `Write to ${company}: send us a message, mail our support desk or find the office nearest to you.`,
  },
  '/customercare.html': {
    title: 'Customer care',
    summary: (company) =>
      `Customer care for ${company} products: message our support team, see office timings and find our offices.`,
  },
  '/contactinformations': {
    title: 'Contact information',
    summary: (company) =>
      `Contact information for ${company}: support mail, social profile, main address, office timings and office maps.`,
  },
}

/** The contact screen at one of its addresses, trimmed to what the screen shows. */
export async function data(pageContext: PageContextServer) {
  const ctx = await renderContext()
  const { site } = ctx.content
  const page = TITLES[normalisePath(pageContext.urlPathname)] ?? TITLES[PAGES.support.path]
  if (!page) throw new Error('the contact screen has no title for /support')
  return {
    // One screen, one canonical URL: /support.
    seo: seoFor(ctx, {
      title: page.title,
      description: page.summary(site.company),
      path: PAGES.support.path,
      breadcrumb: page.title,
    }),
    company: site.company,
    contact: site.contact,
    offices: site.offices,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
