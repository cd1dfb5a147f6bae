import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Problem } from '../../lib/errors.ts'
import type { Product, SectionKey } from './schemas/product.ts'
import type { Brochure } from './schemas/site.ts'
import { IMAGES_DIR, SINGLE_FILES } from './sources.ts'

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

interface CheckInput {
  contentDir: string
  projectRoot: string
  catalogue: { products: string[] } | undefined
  brochures: Brochure[] | undefined
  /** `data` is the checked record, `raw` whatever the file parsed to (for checks that need no shape). */
  products: { slug: string; file: string; data: Product | undefined; raw: unknown }[]
  /** What each single file parsed to, valid or not. */
  pages: Record<keyof typeof SINGLE_FILES, unknown>
  locate: (file: string, pointer: string) => { line: number; col: number }
  /** Slugs of draft products: they need not be in the catalogue yet. */
  drafts?: ReadonlySet<string>
}

const IMAGE_REF = /^[A-Za-z0-9][A-Za-z0-9_./-]*\.(svg|png|jpe?g|webp)$/

/** Checks that look across files: menu order, slugs, steps, images, brochures and scaffold placeholders. */
export async function crossChecks(input: CheckInput): Promise<Problem[]> {
  const problems: Problem[] = []
  const problem = (file: string, pointer: string, code: string, message: string, hint: string) =>
    problems.push({ file, ...input.locate(file, pointer), path: pointer, code, message, hint })
  const catalogueFile = `${rel(input)}/${SINGLE_FILES.catalogue.file}`
  const slugs = new Set(input.products.map((p) => p.slug))

  if (input.catalogue) {
    const seen = new Map<string, number>()
    input.catalogue.products.forEach((slug, i) => {
      if (seen.has(slug))
        problem(
          catalogueFile,
          `/products/${i}`,
          'duplicate-slug',
          `The slug "${slug}" is listed twice (entries ${(seen.get(slug) ?? 0) + 1} and ${i + 1}).`,
          'list each product once.',
        )
      seen.set(slug, i)
      if (!slugs.has(slug))
        problem(
          catalogueFile,
          `/products/${i}`,
          'unknown-product',
          `The catalogue lists "${slug}" but content/products/${slug}.yaml does not exist.`,
          `create it with \`site new product ${slug}\`, or remove the entry.`,
        )
    })
    for (const p of input.products)
      if (!seen.has(p.slug) && !input.drafts?.has(p.slug))
        problem(
          p.file,
          '',
          'not-in-catalogue',
          `The product "${p.slug}" is not listed in ${catalogueFile}, so no menu would show it.`,
          `add \`- ${p.slug}\` to ${catalogueFile} where it belongs in the menu order.`,
        )
  }

  const names = new Map<string, string>()
  for (const p of input.products) {
    if (!/^[a-z0-9][a-z0-9_.-]*[a-z0-9]$/.test(p.slug))
      problem(
        p.file,
        '',
        'bad-slug',
        `The file name "${p.slug}" is not a valid slug.`,
        'rename the file using lower-case letters, digits, "_", "." and "-" only.',
      )
    if (RESERVED_SLUGS.includes(p.slug))
      problem(
        p.file,
        '',
        'reserved-slug',
        `"${p.slug}" is the address of another page.`,
        'choose another slug.',
      )
    const product = p.data
    if (!product) continue
    const other = names.get(product.name.toLowerCase())
    if (other)
      problem(
        p.file,
        '/name',
        'duplicate-name',
        `Two products are called "${product.name}" (also ${other}).`,
        'give each product its own name.',
      )
    names.set(product.name.toLowerCase(), p.file)

    product.steps.forEach((step, i) => {
      if (step.step !== i + 1)
        problem(
          p.file,
          `/steps/${i}/step`,
          'step-order',
          `Step ${i + 1} is numbered ${step.step}.`,
          `number the steps 1, 2, 3 … in order; this one should be ${i + 1}.`,
        )
      if (!hasSection(product, step.key))
        problem(
          p.file,
          `/steps/${i}/key`,
          'step-without-section',
          `The step "${step.label}" points at the "${step.key}" section, but this product has no data for it.`,
          `add the ${sectionFields(step.key)} to the product, or choose another key for this step.`,
        )
    })
    const keys = product.steps.map((s) => s.key)
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i)
        problem(
          p.file,
          `/steps/${i}/key`,
          'duplicate-step',
          `Two steps point at "${key}".`,
          'give each step its own section.',
        )
    })
    if (product.benefits && !product.benefits.some((b) => b.title === 'Protection'))
      problem(
        p.file,
        '/benefits',
        'no-protection-card',
        'None of the benefits cards is titled "Protection".',
        'title one card exactly "Protection" (../shared/spec/site-spec.md §3).',
      )
    if (product.brochure && input.brochures && !input.brochures.some((b) => b.id === product.brochure))
      problem(
        p.file,
        '/brochure',
        'unknown-brochure',
        `There is no brochure "${product.brochure}".`,
        `use one of ${input.brochures.map((b) => b.id).join(', ')}, or add it to content/brochures.yaml.`,
      )
  }

  const documents: { file: string; data: unknown }[] = [
    ...input.products.map((p) => ({ file: p.file, data: p.raw })),
    ...Object.entries(SINGLE_FILES).map(([key, entry]) => ({
      file: `${rel(input)}/${entry.file}`,
      data: input.pages[key as keyof typeof SINGLE_FILES],
    })),
  ]
  const imageChecks: Promise<void>[] = []
  for (const doc of documents) {
    walk(doc.data, '', (value, pointer) => {
      if (value.includes(PLACEHOLDER))
        problem(
          doc.file,
          pointer,
          'placeholder',
          `Placeholder text left from the scaffold: "${value.length > 50 ? `${value.slice(0, 50)}…` : value}".`,
          'replace it with the real text or image path.',
        )
      else if (IMAGE_REF.test(value))
        imageChecks.push(
          imageExists(path.join(input.contentDir, IMAGES_DIR, value)).then((ok) => {
            if (!ok)
              problem(
                doc.file,
                pointer,
                'missing-image',
                `The image "${value}" does not exist in content/images/.`,
                `add the file content/images/${value}, or correct the path.`,
              )
          }),
        )
    })
  }
  await Promise.all(imageChecks)
  return problems
}

/** Calls `visit` with every string in a value and its JSON pointer. */
export function walk(value: unknown, pointer: string, visit: (text: string, pointer: string) => void): void {
  if (typeof value === 'string') visit(value, pointer)
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(v, `${pointer}/${i}`, visit)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k}`, visit)
}

async function imageExists(file: string): Promise<boolean> {
  try {
    await access(file)
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

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

const rel = (input: CheckInput) =>
  path.relative(input.projectRoot, input.contentDir).split(path.sep).join('/') || '.'
