import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Command, Option } from 'commander'
import type { Document, YAMLSeq } from 'yaml'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { productFile } from '../../model/content/product-file.ts'
import type { Category } from '../../model/content/schemas/categories.ts'
import { projectPaths } from '../../model/paths.ts'

const SLUG = /^[a-z0-9][a-z0-9_.-]*[a-z0-9]$/

interface NewProductOptions {
  root?: string
  category?: string
  after?: string
  before?: string
  brochure?: string
}

/** `site new product <slug>`: scaffolds a draft product file and lists it in the menu. */
export function register(program: Command): void {
  const create = program.command('new').description('Start new content from a template.')
  create
    .command('product')
    .argument(
      '<slug>',
      'the product address: /products/<slug> (lower-case letters, digits, "_", "." and "-")',
    )
    .description(
      'Create content/products/<slug>.yaml as a draft with every field a placeholder, and add it to the menu.',
    )
    .option(
      '--category <name>',
      "its category in content/categories.yaml: the file then lists that category's facts to fill in",
    )
    .option('--after <slug>', 'place it in the menu after this product (default: at the end)')
    .addOption(new Option('--before <slug>', 'place it in the menu before this product').conflicts('after'))
    .option(
      '--brochure <file>',
      'its brochure: a PDF to add (copied to the storage, listed in content/brochures.yaml), or the id of one listed there',
    )
    .option('--root <dir>', 'project folder holding content/ (default: this project)')
    .addHelpText(
      'after',
      '\nIt never overwrites a file. The product is a draft: `site dev` shows it, `site build` leaves it\nout until its `draft: true` line is deleted; `site validate` says what is left to fill in.',
    )
    .action(async (slug: string, options: NewProductOptions) => {
      const [{ parseDocument }, { RESERVED_SLUGS }, { SINGLE_FILES }, { productTemplate }, { closest }] =
        await Promise.all([
          import('yaml'),
          import('../../model/content/checks.ts'),
          import('../../model/content/sources.ts'),
          import('../scaffold/product.ts'),
          import('../../model/content/schema-problems.ts'),
        ])
      const paths = projectPaths(options.root)
      // An existing x.yml is the product too: never write x.yaml beside it.
      const file = productFile(paths.content, slug)
      const shown = path.relative(process.cwd(), file)
      if (!SLUG.test(slug) || slug.length > 80) throw siteError(ERRORS.BadSlug, { slug })
      if (RESERVED_SLUGS.includes(slug)) throw siteError(ERRORS.ReservedSlug, { slug })
      const categories = await readCategories(path.join(paths.content, SINGLE_FILES.categories.file))
      const category = categories.find((c) => c.name === options.category)
      if (options.category !== undefined && !category) {
        const names = categories.map((c) => c.name)
        throw siteError(ERRORS.UnknownCategory, {
          category: options.category,
          categories: names,
          guess: closest(options.category, names),
        })
      }
      const catalogueFile = path.join(paths.content, SINGLE_FILES.catalogue.file)
      const catalogue = parseDocument(await readFile(catalogueFile, 'utf8'))
      const menu = menuOf(catalogue)
      const place = menuPlace(menu, options, closest)
      const { addBrochure } = await import('../scaffold/brochure.ts')
      const brochure = options.brochure
        ? await addBrochure(
            options.brochure,
            slug,
            paths,
            path.join(paths.content, SINGLE_FILES.brochures.file),
          )
        : undefined
      try {
        await writeFile(file, productTemplate(slug, categories, category, { brochure: brochure?.id }), {
          flag: 'wx',
        })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw siteError(ERRORS.ProductExists, { file: shown })
        throw error
      }
      const listed = menu.slugs.includes(slug)
      if (!listed) {
        const items = (catalogue.get('products') as YAMLSeq | undefined)?.items
        items?.splice(place.index, 0, catalogue.createNode(slug))
        await writeFile(catalogueFile, catalogue.toString())
      }
      const registered = brochure ? await brochure.register() : undefined
      const where = listed
        ? `"${slug}" was in the menu already`
        : `put "${slug}" in the menu ${place.words} (content/catalogue.yaml)`
      console.log(`Created ${shown}, a draft, and ${where}.`)
      if (registered) console.log(registered)
      console.log(`
Next, in the order docs/content.md ("Adding a product") walks them:
  1. Artwork: put it under content/images/products/${slug}/ (the menu preview under
     content/images/Header/) and write each path where the file says TODO.
  2. Facts and text: replace every other TODO; \`npx site validate\` counts what is left.
  3. Brochure: ${brochure ? `linked as \`brochure: ${brochure.id}\`` : 'none yet; docs/content.md says how to add one later'}.
  4. Menu: ${listed ? 'as content/catalogue.yaml lists it' : `it comes ${place.words}`}; move its line in content/catalogue.yaml to place it elsewhere.
  5. Preview: \`npm run dev\`, then /products/${slug} (a draft shows there, with a Draft banner).
  6. Publish: delete the \`draft: true\` line; \`npx site validate\` then names each TODO left with
     what to write, and \`npm run build\` includes the product once there are none.`)
    })
}

/** The menu as content/catalogue.yaml lists it (slugs in order), read from the YAML document. */
function menuOf(catalogue: Document): { slugs: string[] } {
  const items = (catalogue.get('products') as YAMLSeq | undefined)?.items ?? []
  return { slugs: items.map((item) => String((item as { value?: unknown }).value ?? item)) }
}

/**
 * Where a new product goes in the menu: after or before the product a flag names (which must be
 * listed), else at the end; `words` says so for the editor.
 */
function menuPlace(
  menu: { slugs: string[] },
  options: NewProductOptions,
  closest: (word: string, candidates: readonly string[]) => string | undefined,
): { index: number; words: string } {
  const [flag, next] = options.after
    ? (['--after', options.after] as const)
    : options.before
      ? (['--before', options.before] as const)
      : [undefined, undefined]
  const last = menu.slugs.at(-1)
  if (!flag || next === undefined)
    return {
      index: menu.slugs.length,
      words: last ? `at the end, after "${last}"` : 'as its first product',
    }
  const at = menu.slugs.indexOf(next)
  if (at < 0)
    throw siteError(ERRORS.NotInMenu, {
      flag,
      slug: next,
      guess: closest(next, menu.slugs),
      first: menu.slugs[0] ?? 'szephyr',
    })
  return flag === '--after'
    ? { index: at + 1, words: `after "${next}"` }
    : { index: at, words: `before "${next}"` }
}

/** The categories as declared (names and facts), read leniently: validate reports what is wrong there. */
async function readCategories(file: string): Promise<Category[]> {
  const { parse } = await import('yaml')
  const data = parse(await readFile(file, 'utf8').catch(() => '')) as { categories?: unknown } | null
  return Array.isArray(data?.categories)
    ? (data.categories as Category[]).filter((c) => typeof c?.name === 'string' && Array.isArray(c.facts))
    : []
}
