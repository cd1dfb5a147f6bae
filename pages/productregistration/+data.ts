// https://vike.dev/data
import { PAGES } from '../../lib/pages.ts'
import { renderContext } from '../../model/context.ts'
import { dataFiles } from '../../model/data-files.ts'
import { inlineChoices } from '../../model/menu.ts'
import { seoFor } from '../../model/seo.ts'

/**
 * The data of the warranty activation screen. It is pre-rendered at /productregistration and at
 * /warrantyregistration (../shared/spec/DECISIONS.md, Routes); both name /productregistration as canonical, so the
 * second address stays out of the sitemap.
 */
export async function data() {
  const ctx = await renderContext()
  return {
    seo: seoFor(ctx, {
      title: 'Activate your warranty',
      description:
        'Register your product to activate its 1-year warranty: your details, the serial number and the purchase date take two minutes.',
      path: PAGES.warranty.path,
      breadcrumb: 'Warranty activation',
    }),
    email: ctx.content.site.contact.email,
    /** Every product while the list fits the page; past that, the form loads it (model/menu.ts). */
    products: inlineChoices(ctx.content.products),
    /** Where the form loads the list from when the page does not carry it (model/data-files.ts). */
    productsUrl: dataFiles(ctx).products.url,
  }
}

export type Data = Awaited<ReturnType<typeof data>>
