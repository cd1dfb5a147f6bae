import type { RenderContext } from '../../model/context.ts'
import { seoFor } from '../../model/seo.ts'

/** The three addresses of the contact screen (../shared/spec/DECISIONS.md, Routes): one screen, each with its own title. */
const PAGES = {
  '/support': {
    title: 'Contact Us',
    summary: (company: string) =>
      `Write to ${company}: send us a message, mail our support desk or find the office nearest to you.`,
  },
  '/customercare.html': {
    title: 'Customer care',
    summary: (company: string) =>
      `Customer care for ${company} products: message our support team, see office timings and find our offices.`,
  },
  '/contactinformations': {
    title: 'Contact information',
    summary: (company: string) =>
      `Contact information for ${company}: support mail, social profile, main address, office timings and office maps.`,
  },
} as const

/** The data of the contact screen at one of its addresses, trimmed to what the screen shows. */
export function contactScreenData(ctx: RenderContext, path: keyof typeof PAGES) {
  const { site } = ctx.content
  const page = PAGES[path]
  return {
    // One screen, one canonical URL: /support.
    seo: seoFor(ctx, {
      title: page.title,
      description: page.summary(site.company),
      path: '/support',
      breadcrumb: page.title,
    }),
    company: site.company,
    contact: site.contact,
    offices: site.offices,
  }
}
