import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { routesFor } from '../routes.ts'
import type { Product, SectionKey } from './schemas/product.ts'
import type { Brochure } from './schemas/site.ts'
import { IMAGES_DIR, PRIVACY, SINGLE_FILES } from './sources.ts'

/** Text the `site new product` scaffold writes; content that still holds it must not ship. */
export const PLACEHOLDER = 'TODO'

/** Slugs that name a page of their own under /products/. */
export const RESERVED_SLUGS = ['webandcloudsolutions']

/** Whether a product has the data the section `key` shows; enquire-now always renders. */
export function hasSection(product: Product, key: SectionKey): boolean {
  switch (key) {
    case 'features':
      return Boolean(product.featureImage && (product.topBranches?.length || product.bottomBranches?.length))
    case 'installation':
      return Boolean(product.installation?.length)
    case 'benefits':
      return Boolean(product.benefits?.length)
    case 'catalog':
      return Boolean(product.catalog?.length || product.colours)
    case 'application':
      return Boolean(product.application)
    case 'enquirenow':
      return true
    case 'specifications':
      return Boolean(product.specifications?.length || product.specificationAndWarranty?.length)
  }
}

/** A content file as the cross-file checks see it. */
export interface CheckedProduct {
  slug: string
  /** Project-relative file name, for messages. */
  file: string
  /** The checked record, when the file passed its schema. */
  data: Product | undefined
  /** Whatever the file parsed to, for checks that need no shape. */
  raw: unknown
}

export interface CheckInput {
  contentDir: string
  projectRoot: string
  catalogue: { products: string[] } | undefined
  brochures: Brochure[] | undefined
  products: CheckedProduct[]
  /** What each single file parsed to, valid or not. */
  pages: Record<keyof typeof SINGLE_FILES, unknown>
  /** The privacy policy's whole text (front matter and Markdown), when it could be read. */
  privacySource?: string | undefined
  locate: (file: string, pointer: string) => { line: number; col: number }
  /** Slugs of draft products: they need not be in the catalogue yet, and a build leaves them out. */
  drafts?: ReadonlySet<string>
}

/** Adds one problem, located at the field (or at `at`, for text that is not YAML). */
type Report = (
  file: string,
  pointer: string,
  code: string,
  message: string,
  hint: string,
  at?: { line: number; col: number },
) => void

/**
 * Checks that look across files: menu order and slugs, each product's own rules, brochure ids, and
 * every string in every file (scaffold placeholders, missing images, links to pages that will not
 * exist). Every problem is reported; none stops the others.
 */
export async function crossChecks(input: CheckInput): Promise<Problem[]> {
  const problems: Problem[] = []
  const report: Report = (file, pointer, code, message, hint, at) =>
    problems.push({ file, ...(at ?? input.locate(file, pointer)), path: pointer, code, message, hint })
  checkCatalogue(input, report)
  checkProducts(input, report)
  checkBrochures(input, report)
  await checkStrings(input, report)
  return problems
}

function checkCatalogue(input: CheckInput, report: Report): void {
  if (!input.catalogue) return
  const file = `${contentFolder(input)}/${SINGLE_FILES.catalogue.file}`
  const slugs = new Set(input.products.map((p) => p.slug))
  const seen = new Map<string, number>()
  input.catalogue.products.forEach((slug, i) => {
    const first = seen.get(slug)
    if (first !== undefined)
      report(
        file,
        `/products/${i}`,
        'duplicate-slug',
        `The slug "${slug}" is listed twice (entries ${first + 1} and ${i + 1}).`,
        'delete one of the two lines.',
      )
    else seen.set(slug, i)
    if (!slugs.has(slug))
      report(
        file,
        `/products/${i}`,
        'unknown-product',
        `The catalogue lists "${slug}" but content/products/${slug}.yaml does not exist.`,
        `create it with \`site new product ${slug}\`, or remove the entry.`,
      )
  })
  for (const p of input.products)
    if (!seen.has(p.slug) && !input.drafts?.has(p.slug))
      report(
        p.file,
        '',
        'not-in-catalogue',
        `The product "${p.slug}" is not listed in ${file}, so no menu would show it.`,
        `add \`- ${p.slug}\` to ${file} where it belongs in the menu order.`,
      )
}

function checkProducts(input: CheckInput, report: Report): void {
  const names = new Map<string, string>()
  for (const p of input.products) {
    if (!/^[a-z0-9][a-z0-9_.-]*[a-z0-9]$/.test(p.slug))
      report(
        p.file,
        '',
        'bad-slug',
        `The file name "${p.slug}" is not a valid slug.`,
        'rename the file using lower-case letters, digits, "_", "." and "-" only.',
      )
    if (RESERVED_SLUGS.includes(p.slug))
      report(
        p.file,
        '',
        'reserved-slug',
        `"${p.slug}" is the address of another page.`,
        'choose another slug.',
      )
    if (!p.data) continue
    const other = names.get(p.data.name.toLowerCase())
    if (other)
      report(
        p.file,
        '/name',
        'duplicate-name',
        `Two products are called "${p.data.name}" (also ${other}); a search for the name could not tell them apart.`,
        'give each product its own name.',
      )
    names.set(p.data.name.toLowerCase(), p.file)
    checkSteps(p.file, p.data, report)
    if (p.data.benefits && !p.data.benefits.some((b) => b.title === 'Protection'))
      report(
        p.file,
        '/benefits',
        'no-protection-card',
        'None of the benefits cards is titled "Protection"; every product page shows one.',
        'title one card exactly "Protection".',
      )
    const brochure = p.data.brochure
    if (brochure && input.brochures && !input.brochures.some((b) => b.id === brochure))
      report(
        p.file,
        '/brochure',
        'unknown-brochure',
        `There is no brochure "${brochure}".`,
        `use one of ${input.brochures.map((b) => b.id).join(', ')}, or add it to content/brochures.yaml.`,
      )
  }
}

function checkSteps(file: string, product: Product, report: Report): void {
  const keys = product.steps.map((s) => s.key)
  product.steps.forEach((step, i) => {
    if (step.step !== i + 1)
      report(
        file,
        `/steps/${i}/step`,
        'step-order',
        `Step ${i + 1} is numbered ${step.step}.`,
        `number the steps 1, 2, 3 … in order; this one should be ${i + 1}.`,
      )
    if (!hasSection(product, step.key))
      report(
        file,
        `/steps/${i}/key`,
        'step-without-section',
        `The step "${step.label}" points at the "${step.key}" section, but this product has no data for it.`,
        `add the ${sectionFields(step.key)} to the product, or choose another key for this step.`,
      )
    if (keys.indexOf(step.key) !== i)
      report(
        file,
        `/steps/${i}/key`,
        'duplicate-step',
        `Two steps point at "${step.key}".`,
        'give each step its own section.',
      )
  })
}

/** Brochure ids are file names and addresses: each once, and every page's list names real ones. */
function checkBrochures(input: CheckInput, report: Report): void {
  if (!input.brochures) return
  const file = `${contentFolder(input)}/${SINGLE_FILES.brochures.file}`
  const seen = new Map<string, number>()
  input.brochures.forEach((brochure, i) => {
    const first = seen.get(brochure.id)
    if (first === undefined) seen.set(brochure.id, i)
    else
      report(
        file,
        `/brochures/${i}/id`,
        'duplicate-brochure',
        `The brochure id "${brochure.id}" is used twice (entries ${first + 1} and ${i + 1}); each id is one PDF and one page, /brochures/${brochure.id}.`,
        `give this brochure its own id (and its own PDF, ${brochure.id}.pdf is the other one's), or delete the entry.`,
      )
  })
  const linked = new Set(
    input.products.flatMap((p) => (p.data?.brochure && !input.drafts?.has(p.slug) ? [p.data.brochure] : [])),
  )
  for (const key of ['railways', 'space'] as const) {
    const listed = (input.pages[key] as { brochures?: unknown } | undefined)?.brochures
    if (!Array.isArray(listed)) continue
    listed.forEach((id, i) => {
      if (typeof id === 'string') linked.add(id)
      if (typeof id === 'string' && !seen.has(id))
        report(
          `${contentFolder(input)}/${SINGLE_FILES[key].file}`,
          `/brochures/${i}`,
          'unknown-brochure',
          `There is no brochure "${id}".`,
          `use one of ${[...seen.keys()].join(', ')}, or add it to content/brochures.yaml.`,
        )
    })
  }
  // A draft's brochure link does not count: a build leaves the draft out.
  if (!input.products.every((p) => p.data)) return
  input.brochures.forEach((brochure, i) => {
    if (!linked.has(brochure.id))
      report(
        file,
        `/brochures/${i}/id`,
        'unlinked-brochure',
        `No published page links the brochure "${brochure.id}", so visitors could not find it.`,
        `name it as \`brochure: ${brochure.id}\` in the product it belongs to, or list it under \`brochures:\` in content/pages/railways.yaml or space.yaml; or delete it.`,
      )
  })
}

/** Every string of every file: scaffold placeholders, image paths, and links inside the site. */
async function checkStrings(input: CheckInput, report: Report): Promise<void> {
  const routes = siteRoutes(input)
  const documents: { file: string; data: unknown }[] = [
    ...input.products.map((p) => ({ file: p.file, data: p.raw })),
    ...Object.entries(SINGLE_FILES).map(([key, entry]) => ({
      file: `${contentFolder(input)}/${entry.file}`,
      data: input.pages[key as keyof typeof SINGLE_FILES],
    })),
  ]
  const pending: Promise<void>[] = []
  for (const doc of documents)
    walk(doc.data, '', (value, pointer) => {
      if (value.includes(PLACEHOLDER))
        report(
          doc.file,
          pointer,
          'placeholder',
          `Placeholder text left from the scaffold: "${value.length > 50 ? `${value.slice(0, 50)}…` : value}".`,
          'replace it with the real text or image path.',
        )
      else if (IMAGE_REF.test(value)) pending.push(checkImageExists(input, doc.file, pointer, value, report))
      else if (pointer.endsWith('/link')) checkLink(routes, doc.file, pointer, value, report)
    })
  const privacy = input.privacySource
  if (privacy) {
    const file = `${contentFolder(input)}/${PRIVACY.file}`
    // Markdown links to a page of the site: [text](/path)
    for (const match of privacy.matchAll(/\]\((\/[^)\s]*)\)/g))
      checkLink(routes, file, '', match[1] ?? '', report, lineOf(privacy, (match.index ?? 0) + 2))
  }
  await Promise.all(pending)
}

async function checkImageExists(
  input: CheckInput,
  file: string,
  pointer: string,
  ref: string,
  report: Report,
) {
  const where = path.join(input.contentDir, IMAGES_DIR, ref)
  const found = await access(where).then(
    () => stat(where).then((s) => s.isFile()),
    () => false,
  )
  if (!found)
    report(
      file,
      pointer,
      'missing-image',
      `The image "${ref}" does not exist in content/images/.`,
      `add the file content/images/${ref}, or correct the path.`,
    )
}

/**
 * The pages a build will have (drafts left out), from what the files say even when some are invalid,
 * so a link is checked against the same list the build pre-renders.
 */
function siteRoutes(input: CheckInput): { published: Set<string>; drafts: Set<string> } {
  const draft = (slug: string) => input.drafts?.has(slug) ?? false
  const slugs = input.products.map((p) => p.slug)
  return {
    published: new Set(
      routesFor(
        slugs.filter((s) => !draft(s)),
        (input.brochures ?? []).map((b) => b.id),
      ),
    ),
    drafts: new Set(slugs.filter(draft).flatMap((s) => [`/products/${s}`, `/productenquiry/${s}`])),
  }
}

function checkLink(
  routes: { published: Set<string>; drafts: Set<string> },
  file: string,
  pointer: string,
  link: string,
  report: Report,
  at?: { line: number; col: number },
): void {
  const route = link.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1')
  if (routes.published.has(route)) return
  const [message, hint] = routes.drafts.has(route)
    ? [
        `The link "${link}" leads to a draft product; a build leaves drafts out, so the link would be dead.`,
        'publish the product (remove `draft: true`), or link to another page.',
      ]
    : [
        `The link "${link}" leads to no page of the site.`,
        `link to a page the site has, e.g. ${nearestRoute(route, routes.published)}.`,
      ]
  report(file, pointer, 'dead-link', message, hint, at)
}

/** The page whose address shares the longest start with `route`: a likely intended target. */
function nearestRoute(route: string, routes: Set<string>): string {
  let best = '/'
  let bestLength = 0
  for (const candidate of routes) {
    let n = 0
    while (n < candidate.length && candidate[n] === route[n]) n++
    if (n > bestLength) [best, bestLength] = [candidate, n]
  }
  return best
}

/** Line and column (1-based) of an offset in a text. */
function lineOf(text: string, offset = 0): { line: number; col: number } {
  const before = text.slice(0, offset)
  return { line: before.split('\n').length, col: offset - before.lastIndexOf('\n') }
}

/** Calls `visit` with every string in a value and its JSON pointer. */
export function walk(value: unknown, pointer: string, visit: (text: string, pointer: string) => void): void {
  if (typeof value === 'string') visit(value, pointer)
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(v, `${pointer}/${i}`, visit)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k}`, visit)
}

const IMAGE_REF = /^[A-Za-z0-9][A-Za-z0-9_./-]*\.(svg|png|jpe?g|webp)$/

function sectionFields(key: SectionKey): string {
  const fields: Record<SectionKey, string> = {
    features: '`featureImage` and `topBranches` or `bottomBranches`',
    installation: '`installation` steps',
    benefits: '`benefits` cards',
    catalog: '`catalog` entries or `colours`',
    application: '`application`',
    enquirenow: 'nothing',
    specifications: '`specifications` or `specificationAndWarranty`',
  }
  return fields[key]
}

const contentFolder = (input: Pick<CheckInput, 'projectRoot' | 'contentDir'>) =>
  path.relative(input.projectRoot, input.contentDir).split(path.sep).join('/') || '.'
