import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import { PAGE_LIST, routesFor } from '../../lib/pages.ts'
import { type Finding, PROBLEMS, type ProblemKind, problemAt } from '../../lib/problems.ts'
import { firstTag, rawHtmlIn } from '../markdown.ts'
import { outsideProject } from '../outside-project.ts'
import { factExample, parseFact } from './facts.ts'
import { markdownBody } from './front-matter.ts'
import { isPlaceholder, PLACEHOLDER, placeholderAsks } from './placeholder.ts'
import { closest } from './schema-problems.ts'
import type { Category } from './schemas/categories.ts'
import type { Product, SectionKey } from './schemas/product.ts'
import type { Brochure } from './schemas/site.ts'
import { IMAGES_DIR, PRIVACY, SINGLE_FILES } from './sources.ts'

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
      return Boolean(
        product.specifications?.length ||
          product.specificationAndWarranty?.length ||
          Object.keys(product.facts ?? {}).length,
      )
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
  /** content/categories.yaml, when it passed its schema. */
  categories?: Category[] | undefined
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

/** Adds one problem of a kind (lib/problems.ts), located at the field (or at `at`, for text that is not YAML). */
type ReportKind = <P>(
  file: string,
  pointer: string,
  kind: ProblemKind<P>,
  params: P,
  at?: { line: number; col: number },
) => void

interface Report extends ReportKind {
  /** Adds what another reader found (a fact's value, model/content/facts.ts), located at the field. */
  found(file: string, pointer: string, found: Finding): void
}

/**
 * Checks that look across files: menu order and slugs, each product's own rules, brochure ids, and
 * every string in every file (scaffold placeholders, missing images, links to pages that will not
 * exist). Every problem is reported; none stops the others.
 */
export async function crossChecks(input: CheckInput): Promise<Problem[]> {
  const problems: Problem[] = []
  const reportKind: ReportKind = (file, pointer, kind, params, at) => {
    problems.push(problemAt(kind, params, { file, ...(at ?? input.locate(file, pointer)), path: pointer }))
  }
  const report: Report = Object.assign(reportKind, {
    found: (file: string, pointer: string, found: Finding) => {
      problems.push({ file, ...input.locate(file, pointer), path: pointer, ...found })
    },
  })
  checkCatalogue(input, report)
  checkCategories(input, report)
  checkProducts(input, report)
  checkFacts(input, report)
  checkBrochureIds(input, report)
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
      report(file, `/products/${i}`, PROBLEMS.DuplicateSlug, { slug, first: first + 1, again: i + 1 })
    else seen.set(slug, i)
    if (!slugs.has(slug)) report(file, `/products/${i}`, PROBLEMS.UnknownProduct, { slug })
  })
  for (const p of input.products)
    if (!seen.has(p.slug) && !input.drafts?.has(p.slug))
      report(p.file, '', PROBLEMS.NotInCatalogue, { slug: p.slug, catalogue: file })
}

function checkProducts(input: CheckInput, report: Report): void {
  const names = new Map<string, string>()
  for (const p of input.products) {
    if (!/^[a-z0-9][a-z0-9_.-]*[a-z0-9]$/.test(p.slug))
      report(p.file, '', PROBLEMS.BadSlugFile, { slug: p.slug })
    if (RESERVED_SLUGS.includes(p.slug)) report(p.file, '', PROBLEMS.ReservedSlugFile, { slug: p.slug })
    if (!p.data) continue
    const other = names.get(p.data.name.toLowerCase())
    if (other) report(p.file, '/name', PROBLEMS.DuplicateName, { name: p.data.name, other })
    names.set(p.data.name.toLowerCase(), p.file)
    checkSteps(p.file, p.data, report)
    if (p.data.benefits && !p.data.benefits.some((b) => b.title === 'Protection'))
      report(p.file, '/benefits', PROBLEMS.NoProtectionCard, undefined)
    const brochure = p.data.brochure
    if (brochure && input.brochures && !input.brochures.some((b) => b.id === brochure))
      report(p.file, '/brochure', PROBLEMS.UnknownBrochure, {
        id: brochure,
        ids: input.brochures.map((b) => b.id),
      })
  }
}

function checkSteps(file: string, product: Product, report: Report): void {
  const keys = product.steps.map((s) => s.key)
  product.steps.forEach((step, i) => {
    if (step.step !== i + 1)
      report(file, `/steps/${i}/step`, PROBLEMS.StepOrder, { index: i + 1, numbered: step.step })
    if (!hasSection(product, step.key))
      report(file, `/steps/${i}/key`, PROBLEMS.StepWithoutSection, { label: step.label, key: step.key })
    if (keys.indexOf(step.key) !== i)
      report(file, `/steps/${i}/key`, PROBLEMS.DuplicateStep, { key: step.key })
  })
}

/**
 * The declarations in content/categories.yaml: each name and fact key once, choices exactly on choice
 * facts, a unit on every range, and a fact shared by several categories declared alike (the catalogue
 * filters by it across them).
 */
function checkCategories(input: CheckInput, report: Report): void {
  if (!input.categories) return
  const file = `${contentFolder(input)}/${SINGLE_FILES.categories.file}`
  const names = new Set<string>()
  const shared = new Map<string, { type: string; unit: string; where: string }>()
  input.categories.forEach((category, c) => {
    const at = `/categories/${c}`
    if (names.has(category.name.toLowerCase()))
      report(file, `${at}/name`, PROBLEMS.DuplicateCategory, { name: category.name })
    names.add(category.name.toLowerCase())
    const keys = new Set<string>()
    category.facts.forEach((fact, f) => {
      const here = `${at}/facts/${f}`
      if (keys.has(fact.key))
        report(file, `${here}/key`, PROBLEMS.DuplicateFact, { category: category.name, key: fact.key })
      keys.add(fact.key)
      if (fact.type === 'choice' && !fact.choices)
        report(file, here, PROBLEMS.FactWithoutChoices, { label: fact.label })
      if (fact.type !== 'choice' && fact.choices)
        report(file, `${here}/choices`, PROBLEMS.ChoicesOnNonChoice, { label: fact.label, type: fact.type })
      if (fact.type === 'range' && !fact.unit)
        report(file, here, PROBLEMS.RangeWithoutUnit, { label: fact.label })
      if ((fact.type === 'boolean' || fact.type === 'choice') && fact.unit)
        report(file, `${here}/unit`, PROBLEMS.UnitOnNonNumber, { label: fact.label, type: fact.type })
      const same = shared.get(fact.key)
      const unit = fact.unit ?? ''
      if (same && (same.type !== fact.type || same.unit !== unit))
        report(file, here, PROBLEMS.FactDeclaredDifferently, {
          key: fact.key,
          here: `a ${fact.type}${unit ? ` in ${unit}` : ''}`,
          there: `a ${same.type}${same.unit ? ` in ${same.unit}` : ''}`,
          where: same.where,
        })
      else if (!same) shared.set(fact.key, { type: fact.type, unit, where: category.name })
    })
  })
}

/**
 * Each product's category is declared, and its facts are the ones that category declares, written as
 * their type and unit say; every fact the category requires is there, and no free-text specification
 * row says again what a fact says.
 */
function checkFacts(input: CheckInput, report: Report): void {
  const categories = input.categories
  if (!categories) return
  const file = `${contentFolder(input)}/${SINGLE_FILES.categories.file}`
  for (const p of input.products) {
    if (!p.data) continue
    const product = p.data
    // A scaffold placeholder is reported as such; its facts wait until the category is chosen.
    if (product.category.includes(PLACEHOLDER)) continue
    const category = categories.find((c) => c.name === product.category)
    if (!category) {
      const near = categories.find((c) => c.name.toLowerCase() === product.category.toLowerCase())
      report(p.file, '/category', PROBLEMS.UnknownCategory, {
        category: product.category,
        file,
        near: near?.name,
        guess: closest(
          product.category,
          categories.map((c) => c.name),
        ),
        names: categories.map((c) => c.name),
      })
      continue
    }
    const facts = product.facts ?? {}
    for (const [key, raw] of Object.entries(facts)) {
      const fact = category.facts.find((f) => f.key === key)
      if (!fact) {
        const like = closest(
          key,
          category.facts.map((f) => f.key),
        )
        report(p.file, `/facts/${key}`, PROBLEMS.UnknownFact, {
          category: category.name,
          key,
          like,
          keys: category.facts.map((f) => f.key),
          file,
        })
        continue
      }
      // A placeholder is reported as such, and a broken declaration in content/categories.yaml.
      if (JSON.stringify(raw).includes(PLACEHOLDER) || !wellDeclared(fact)) continue
      const read = parseFact(fact, raw)
      if ('problem' in read) report.found(p.file, `/facts/${key}`, read.problem)
    }
    const missing = category.facts.filter((f) => f.required && facts[f.key] === undefined)
    for (const fact of missing)
      report(p.file, product.facts ? '/facts' : '/category', PROBLEMS.MissingFact, {
        category: category.name,
        label: fact.label,
        key: fact.key,
        example: factExample(fact),
      })
    const given = new Map(
      category.facts.filter((f) => facts[f.key] !== undefined).map((f) => [f.label.toLowerCase(), f]),
    )
    product.specifications?.forEach((row, i) => {
      const fact = given.get(row.label.toLowerCase())
      if (fact)
        report(p.file, `/specifications/${i}/label`, PROBLEMS.FactWrittenTwice, {
          label: row.label,
          key: fact.key,
        })
    })
  }
}

/** Whether a fact's declaration can be read by: choices exactly on a choice, a unit on every range. */
function wellDeclared(fact: Category['facts'][number]): boolean {
  return (fact.type === 'choice') === Boolean(fact.choices) && (fact.type !== 'range' || Boolean(fact.unit))
}

/** Brochure ids are file names and addresses: each once, and every page's list names real ones. */
function checkBrochureIds(input: CheckInput, report: Report): void {
  if (!input.brochures) return
  const file = `${contentFolder(input)}/${SINGLE_FILES.brochures.file}`
  const seen = new Map<string, number>()
  input.brochures.forEach((brochure, i) => {
    const first = seen.get(brochure.id)
    if (first === undefined) seen.set(brochure.id, i)
    else
      report(file, `/brochures/${i}/id`, PROBLEMS.DuplicateBrochure, {
        id: brochure.id,
        first: first + 1,
        again: i + 1,
      })
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
          PROBLEMS.UnknownBrochure,
          {
            id,
            ids: [...seen.keys()],
          },
        )
    })
  }
  // A draft's brochure link does not count: a build leaves the draft out.
  if (!input.products.every((p) => p.data)) return
  input.brochures.forEach((brochure, i) => {
    if (linked.has(brochure.id)) return
    const drafts = input.products.filter((p) => input.drafts?.has(p.slug) && p.data?.brochure === brochure.id)
    report(file, `/brochures/${i}/id`, PROBLEMS.UnlinkedBrochure, {
      id: brochure.id,
      drafts: drafts.map((p) => p.slug),
    })
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
  // Many files name the same image (a product family shares its artwork): each is looked for once.
  const exists = new Map<string, Promise<ImageFile>>()
  const facts = declaredFacts(input)
  for (const doc of documents)
    walk(doc.data, '', (value, pointer) => {
      if (isPlaceholder(value))
        report(doc.file, pointer, PROBLEMS.Placeholder, {
          value,
          ...placeholderAsks(value),
          fact: facts.get(doc.file)?.get(pointer),
        })
      else if (IMAGE_REF.test(value))
        pending.push(checkImageExists(input, exists, doc.file, pointer, value, report))
      else {
        // Text is shown as typed: a tag would show as itself, never as markup (one problem per value).
        const tag = firstTag(value)
        if (tag) report(doc.file, pointer, PROBLEMS.HtmlInText, { tag })
        if (pointer.endsWith('/link')) checkLink(routes, doc.file, pointer, value, report)
      }
    })
  const privacy = input.privacySource
  if (privacy) {
    const file = `${contentFolder(input)}/${PRIVACY.file}`
    // Markdown links to a page of the site: [text](/path)
    for (const match of privacy.matchAll(/\]\((\/[^)\s]*)\)/g))
      checkLink(routes, file, '', match[1] ?? '', report, lineOf(privacy, (match.index ?? 0) + 2))
    const body = markdownBody(privacy)
    for (const html of rawHtmlIn(body.text))
      report(
        file,
        '',
        PROBLEMS.HtmlInMarkdown,
        { tag: html.tag },
        { line: html.line + body.line - 1, col: html.col },
      )
  }
  await Promise.all(pending)
}

/**
 * How to write each fact of each product whose category is declared, by file and pointer
 * (`/facts/ports`): a fact's placeholder is answered with an example of the fact written right.
 */
function declaredFacts(input: CheckInput): Map<string, Map<string, { example: string; optional: boolean }>> {
  const byFile = new Map<string, Map<string, { example: string; optional: boolean }>>()
  for (const p of input.products) {
    const name = (p.raw as { category?: unknown } | undefined)?.category
    const category = input.categories?.find((c) => c.name === name)
    if (!category) continue
    byFile.set(
      p.file,
      new Map(
        category.facts.map((f) => [`/facts/${f.key}`, { example: factExample(f), optional: !f.required }]),
      ),
    )
  }
  return byFile
}

async function checkImageExists(
  input: CheckInput,
  exists: Map<string, Promise<ImageFile>>,
  file: string,
  pointer: string,
  ref: string,
  report: Report,
) {
  const where = path.join(input.contentDir, IMAGES_DIR, ref)
  let looked = exists.get(where)
  if (!looked) {
    looked = stat(where).then(
      async (s) =>
        s.isFile()
          ? { found: true, outside: await outsideProject(where, input.projectRoot) }
          : { found: false },
      () => ({ found: false }),
    )
    exists.set(where, looked)
  }
  const image = await looked
  if (!image.found) report(file, pointer, PROBLEMS.MissingImage, { ref })
  // One file, one mistake: the link is named at the first field that uses it.
  else if (image.outside && !image.named) {
    image.named = true
    report(file, pointer, PROBLEMS.LinkOutsideProject, {
      file: `${contentFolder(input)}/${IMAGES_DIR}/${ref}`,
      target: image.outside,
    })
  }
}

/** What looking for an image found: whether it is there, and where a link out of the project leads. */
interface ImageFile {
  found: boolean
  outside?: string | undefined
  /** Set once the link has been reported. */
  named?: boolean
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
      routesFor({
        product: slugs.filter((s) => !draft(s)),
        brochure: (input.brochures ?? []).map((b) => b.id),
      }),
    ),
    drafts: new Set(
      routesFor(
        { product: slugs.filter(draft), brochure: [] },
        PAGE_LIST.filter((page) => page.each === 'product'),
      ),
    ),
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
  if (routes.drafts.has(route)) report(file, pointer, PROBLEMS.LinkToDraft, { link }, at)
  else report(file, pointer, PROBLEMS.DeadLink, { link, nearest: nearestRoute(route, routes.published) }, at)
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

const contentFolder = (input: Pick<CheckInput, 'projectRoot' | 'contentDir'>) =>
  path.relative(input.projectRoot, input.contentDir).split(path.sep).join('/') || '.'
