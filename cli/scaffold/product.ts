import { factSample } from '../../model/content/facts.ts'
import { PLACEHOLDER } from '../../model/content/placeholder.ts'
import type { Category } from '../../model/content/schemas/categories.ts'

/**
 * The category and its facts: with a category chosen, each fact it declares as a placeholder that
 * shows how to write it; without, the category is a placeholder naming them all, and once it is
 * filled in `site validate` names each fact still to give.
 */
function categoryAndFacts(categories: readonly Category[], category: Category | undefined): string {
  const todo = (what: string) => JSON.stringify(`${PLACEHOLDER}: ${what}`)
  if (!category)
    return `category: ${todo(`one of ${categories.map((c) => c.name).join(', ') || 'the categories in content/categories.yaml'}`)}
`
  const facts = category.facts
    .map(
      (f) =>
        `  ${f.key}: ${todo(`${f.label}, e.g. ${factSample(f)}`)}${f.required ? '' : '  # optional: delete the line if it does not apply'}
`,
    )
    .join('')
  return `category: ${category.name}
# The facts ${category.name} products give (content/categories.yaml): filters, comparisons and the
# specification table read them, so the free-text specifications need not repeat them.
facts:
${facts}`
}

/** The brochure line: the id `site new product --brochure` registered, or a comment offering one. */
function brochureLine(brochure: string | undefined): string {
  return brochure
    ? `brochure: ${brochure}\n`
    : `# Its brochure, if it has one: \`site new product <slug> --brochure FILE.pdf\` registers a PDF, or name
# one of the ids in content/brochures.yaml here, e.g. brochure: UHF
`
}

/**
 * The YAML a new product starts from: every field a page needs, each marked as a placeholder that
 * `site validate` names (with what to write) until an editor replaces it. It is a draft from the
 * start: `site dev` previews it and `site build` leaves it out until `draft: true` is deleted, so a
 * half-written product never ships.
 */
export function productTemplate(
  slug: string,
  categories: readonly Category[] = [],
  category?: Category,
  options: { brochure?: string | undefined } = {},
): string {
  const todo = (what: string) => JSON.stringify(`${PLACEHOLDER}: ${what}`)
  const image = (name: string) => `products/${slug}/${PLACEHOLDER}-${name}.svg`
  const branches = ['left', 'right']
    .map(
      (side) =>
        `  - side: ${side}\n    text: ${todo('a feature name')}\n    desc: ${todo('one sentence about it')}\n`,
    )
    .join('')
  const benefit = (icon: string, title: string) =>
    `  - icon: ${icon}\n    title: ${title === 'Protection' ? 'Protection' : todo('a card title')}\n    description: ${todo(`what ${title.toLowerCase()} means for the buyer`)}\n`
  return `# yaml-language-server: $schema=../schemas/product.schema.json
# A new product. Replace every "${PLACEHOLDER}" value (search the file for it) and put the artwork under
# content/images/; \`site validate\` says what is left. Field reference: docs/content.md.
# A draft: \`site dev\` shows it, \`site build\` leaves it out. Delete the next line to publish it.
draft: true
name: ${todo('the display name, as in the menu')}
${categoryAndFacts(categories, category)}summary: ${todo('one sentence of 50 to 160 characters for search results')}
description: ${todo('the intro paragraph')}
subText: ${todo('one line under the intro')}
headerImage: Header/${PLACEHOLDER}-${slug}.svg
homeImage: ${image('hero')}
mobileHomeImage: ${image('hero-mobile')}
cardText:
  - heading: ${todo("the first info card's heading")}
    description: ${todo("the first info card's text")}
  - heading: ${todo("the second info card's heading")}
    description: ${todo("the second info card's text")}
featureImage: ${image('feature')}
featureImageMobile: ${image('feature')}
topBranches:
${branches}bottomBranches:
${branches}benefits:
${benefit('protection', 'Protection')}${benefit('energy', 'Efficiency')}${benefit('monitor', 'Monitoring')}${benefit('rugged', 'Durability')}${benefit('warranty', 'Warranty')}specifications:
  - label: ${todo('what is measured')}
    value: ${todo('the figure')}
specificationAndWarranty:
  - heading: Warranty
    description: ${todo('the warranty terms, e.g. 1 year')}
    position: bottom
# Exactly three logos. A certification or standard (CE, RoHS, IP67 ...) is a claim: a release needs
# its evidence (who certified it, the certificate or report number). A plain feature says kind: feature.
partners:
  - name: One-year warranty
    logo: partners/warranty-1-year.svg
    kind: feature
  - name: ${todo('a certification, e.g. CE certified')}
    logo: partners/${PLACEHOLDER}-certification.svg
    evidence:
      issuer: ${todo('who certified it, e.g. the test laboratory')}
      reference: ${todo('the certificate or report number')}
  - name: ${todo('a third logo, e.g. IP67 or a feature')}
    logo: partners/${PLACEHOLDER}-third.svg
    kind: feature
${brochureLine(options.brochure)}steps:
  - step: 1
    label: Key Features
    key: features
  - step: 2
    label: Benefits
    key: benefits
  - step: 3
    label: Enquire Now
    key: enquirenow
  - step: 4
    label: Specifications
    key: specifications
`
}
