import { compareHref, familyOf } from './catalogue.ts'
import { hasSection } from './content/checks.ts'
import { productFacts } from './content/facts.ts'
import type { ProductEntry } from './content/load.ts'
import { SECTION_KEYS } from './content/schemas/product.ts'
import type { RenderContext } from './context.ts'
import { imageFor } from './images.ts'
import { seoFor } from './seo.ts'

/**
 * One product page, trimmed to what it shows: every image is already a `<Picture>` source and
 * `sections` says which anchored sections render, so the page and its components need no knowledge
 * of the content rules. The product page's data (`pages/products/@slug/+data.ts`) is this.
 */
export function productPage(ctx: RenderContext, product: ProductEntry) {
  const img = (ref: string) => imageFor(ctx, ref)
  const hero = img(product.homeImage)
  const show = Object.fromEntries(SECTION_KEYS.map((key) => [key, hasSection(product, key)])) as Record<
    (typeof SECTION_KEYS)[number],
    boolean
  >
  const diff = product.differentiation
  const side = (s: NonNullable<typeof diff>['homeautomation']) => ({
    heading: s.heading,
    mobheading: s.mobheading,
    tiles: [
      { text: s.tile1, image: img(s.img1) },
      { text: s.tile2, image: img(s.img2) },
    ],
    applications: s.applications,
  })
  const branches = (list: typeof product.topBranches) =>
    (list ?? []).map(({ side, text, desc }) => ({ side, text, desc }))
  const web = product.webApplication
  const colours = product.colours
  // Validation guarantees the id exists; a missing one simply shows no link rather than a dead one.
  const brochure = ctx.content.brochures.find((b) => b.id === product.brochure)
  const facts = productFacts(
    ctx.content.categories.find((c) => c.name === product.category),
    product.facts,
  )
  const family = familyOf(ctx.content.products, product)

  return {
    seo: seoFor(ctx, {
      title: product.name,
      description: product.summary,
      path: `/products/${product.slug}`,
      image: hero.src,
      breadcrumb: product.name,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description: product.summary,
          image: hero.src.startsWith('http') ? hero.src : `${ctx.config.siteUrl}${hero.src}`,
          brand: { '@type': 'Brand', name: ctx.content.site.company },
          category: product.category,
          ...(facts.length
            ? {
                additionalProperty: facts.map((f) => ({
                  '@type': 'PropertyValue',
                  name: f.label,
                  value: f.text,
                })),
              }
            : {}),
        },
      ],
    }),
    slug: product.slug,
    /** Only `site dev` renders drafts; the page says so. */
    draft: product.draft === true,
    name: product.name,
    description: product.description,
    subText: product.subText,
    hero,
    heroMobile: img(product.mobileHomeImage),
    brochure: brochure ? { href: `/brochures/${brochure.id}`, title: brochure.title } : null,
    cards: product.cardText,
    differentiation: diff ? [side(diff.homeautomation), side(diff.industrialautomation)] : null,
    steps: product.steps
      .filter((s) => show[s.key])
      .sort((a, b) => a.step - b.step)
      .map(({ step, label, key }) => ({ step, label, key })),
    features:
      show.features && product.featureImage
        ? {
            image: img(product.featureImage),
            imageMobile: img(product.featureImageMobile ?? product.featureImage),
            top: branches(product.topBranches),
            bottom: branches(product.bottomBranches),
          }
        : null,
    installation: show.installation
      ? (product.installation ?? []).map((s) => ({
          text: s.text,
          image: img(s.image),
          imageMobile: img(s.imageMobile),
        }))
      : null,
    benefits: show.benefits ? (product.benefits ?? []) : null,
    catalog: show.catalog
      ? {
          entries: (product.catalog ?? []).map((c) => ({ title: c.f1, text: c.f2, image: img(c.image) })),
          colours: colours
            ? (['white', 'blue', 'green', 'grey'] as const).map((name) => ({
                name,
                image: img(colours[name]),
              }))
            : null,
        }
      : null,
    application:
      show.application && product.application
        ? {
            heading: product.application.heading,
            image: img(product.application.image),
            imageMobile: img(product.application.imageMobile),
          }
        : null,
    // ../shared/spec/site-spec.md §2: the web application model is its own block, after the specifications.
    webApp: web
      ? {
          features: web.features,
          panels: [web.idealLargeScreens, web.multiDeviceSync],
          image1: img(web.image1),
          image2: img(web.image2),
        }
      : null,
    specifications: show.specifications
      ? {
          image: img(product.featureImage ?? product.homeImage),
          // The facts first, in the order the category declares them, then the free-text rows.
          list: [...facts.map((f) => ({ label: f.label, value: f.text })), ...(product.specifications ?? [])],
          cards: (['left', 'bottom', 'right'] as const).flatMap((position) =>
            (product.specificationAndWarranty ?? []).filter((c) => c.position === position),
          ),
          details: product.details ?? [],
        }
      : null,
    /** "Compare" with the nearest products of its category, when it has any. */
    compare: family.length
      ? {
          href: compareHref(family),
          label: `Compare with ${family.length - 1 === 1 ? 'the other' : `${family.length - 1} other`} ${product.category.toLowerCase()} product${family.length > 2 ? 's' : ''}`,
        }
      : null,
    partners: (product.partners ?? []).map((p) => ({ name: p.name, logo: img(p.logo) })),
  }
}

/** What a product page renders; its section components take slices of it. */
export type ProductPage = ReturnType<typeof productPage>
