import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { exampleTag } from '../model/content/example-tag.ts'
import { PRODUCTS_DIR } from '../model/content/product-file.ts'
import { yamlLib } from '../model/content/yaml-lib.ts'

/**
 * Synthetic products for `npm run bench -- scale`: a content folder grown to N products by copying the
 * real ones, for measuring the build at catalogue sizes the company may reach. Only ever run on a
 * scratch copy of the project (bench/scale.ts); nothing here is meant for content/.
 *
 * A copy keeps its original's category, facts and artwork (so the image cache stays warm) and is
 * renamed as a numbered variant of it: "Industrial Rugged 8-Port L2 Managed Switch 11", with the
 * original's name replaced by the new one wherever its text says it. Copies come in pairs, n and n+10
 * ("… Switch 1" and "… Switch 11"), so every size has names that are prefixes of other names, the case
 * where search once ranked the wrong product first. Pairs are dealt to the categories in turn, and
 * within a category to its products in catalogue order. A copy has no brochure: a brochure belongs to
 * one product, and `site validate` needs none.
 */

/** In the header comment of every synthetic product file: how the generator recognises its own files. */
const SYNTHETIC_MARK = 'Synthetic product written by bench/synthetic-products.ts'

export interface SyntheticProduct {
  slug: string
  name: string
  /** The real product it copies. */
  from: string
  category: string
}

interface Template {
  slug: string
  name: string
  category: string
  source: string
}

const CATALOGUE = 'catalogue.yaml'
const CATEGORIES = 'categories.yaml'
/** A string that names an image under content/images/: left as it is, so the artwork is shared. */
const IMAGE_REF = /\.(svg|png|jpe?g|webp)$/

/**
 * The model number of a product's `k`-th copy (0-based): 1, 11, 2, 12 … 10, 20, then 21, 31, 22, 32 …,
 * each number once, every consecutive two a pair whose shorter name is a prefix of the longer.
 */
function modelNumber(k: number): number {
  const block = Math.floor(k / 20)
  const j = k % 20
  return block * 20 + (j % 2 === 0 ? j / 2 + 1 : (j - 1) / 2 + 11)
}

/**
 * The `count` synthetic products after the real ones, in order: which product each copies, its slug and
 * its name. The same `i`-th product at every count, so a larger size only adds to a smaller one.
 */
function plan(
  templates: readonly Template[],
  categories: readonly string[],
  count: number,
): SyntheticProduct[] {
  const byCategory = categories
    .map((name) => templates.filter((t) => t.category === name))
    .filter((list) => list.length > 0)
  const copies = new Map<string, number>()
  const planned: SyntheticProduct[] = []
  for (let i = 0; i < count; i++) {
    const pair = Math.floor(i / 2)
    const list = byCategory[pair % byCategory.length] ?? []
    const template = list[Math.floor(pair / byCategory.length) % list.length]
    if (!template) throw new Error('there is no real product to copy')
    const k = copies.get(template.slug) ?? 0
    copies.set(template.slug, k + 1)
    const n = modelNumber(k)
    planned.push({
      slug: `${template.slug}-${n}`,
      name: `${template.name} ${n}`,
      from: template.slug,
      category: template.category,
    })
  }
  return planned
}

/** The file's text with the copy's name in place of the original's, and no brochure. */
function copyText(template: Template, product: SyntheticProduct): string {
  const { parseDocument, visit } = yamlLib()
  const doc = parseDocument(template.source, { customTags: [exampleTag] })
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string' || IMAGE_REF.test(node.value)) return
      node.value = node.value.replaceAll(template.name, product.name)
    },
  })
  doc.set('name', product.name)
  doc.delete('brochure')
  const [first = '', ...rest] = doc.toString().split('\n')
  const mark = `# ${SYNTHETIC_MARK} from ${template.slug}.yaml.`
  // After the editor's schema line, which stays first as in every content file.
  return first.startsWith('# yaml-language-server')
    ? [first, mark, ...rest].join('\n')
    : [mark, first, ...rest].join('\n')
}

/**
 * Makes `contentDir` hold `total` products: removes the synthetic products an earlier call wrote (and
 * their catalogue entries), then adds `total` minus the real ones, each in `products/` and at the end of
 * `catalogue.yaml`. Returns the products added. `total` may not be below the number of real products.
 */
export async function writeSyntheticProducts(contentDir: string, total: number): Promise<SyntheticProduct[]> {
  const { parse, parseDocument } = yamlLib()
  const dir = path.join(contentDir, PRODUCTS_DIR)
  const templates: Template[] = []
  const removed = new Set<string>()
  for (const file of (await readdir(dir)).filter((f) => /\.ya?ml$/.test(f)).sort()) {
    const source = await readFile(path.join(dir, file), 'utf8')
    const slug = file.replace(/\.ya?ml$/, '')
    if (source.includes(SYNTHETIC_MARK)) {
      await rm(path.join(dir, file))
      removed.add(slug)
      continue
    }
    const data = parse(source, { customTags: [exampleTag] }) as {
      name: string
      category: string
      draft?: boolean
    }
    if (!data.draft) templates.push({ slug, name: data.name, category: data.category, source })
  }
  if (total < templates.length)
    throw new Error(`${total} products is fewer than the ${templates.length} real ones; nothing is removed`)

  const catalogueFile = path.join(contentDir, CATALOGUE)
  const catalogue = parseDocument(await readFile(catalogueFile, 'utf8'))
  const listed = (catalogue.toJS() as { products: string[] }).products.filter((slug) => !removed.has(slug))
  // Menu order: the real products as the catalogue lists them.
  templates.sort((a, b) => listed.indexOf(a.slug) - listed.indexOf(b.slug))
  const categories = (
    parse(await readFile(path.join(contentDir, CATEGORIES), 'utf8')) as { categories: { name: string }[] }
  ).categories.map((c) => c.name)

  const added = plan(templates, categories, total - templates.length)
  const bySlug = new Map(templates.map((t) => [t.slug, t]))
  for (const product of added) {
    const template = bySlug.get(product.from)
    if (template) await writeFile(path.join(dir, `${product.slug}.yaml`), copyText(template, product))
  }
  catalogue.set('products', [...listed, ...added.map((p) => p.slug)])
  await writeFile(catalogueFile, catalogue.toString())
  return added
}
