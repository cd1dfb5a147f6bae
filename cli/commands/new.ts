import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Command } from 'commander'
import type { YAMLSeq } from 'yaml'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { productFile } from '../../model/content/product-file.ts'
import type { Category } from '../../model/content/schemas/categories.ts'
import { projectPaths } from '../../model/paths.ts'

const SLUG = /^[a-z0-9][a-z0-9_.-]*[a-z0-9]$/

/** `site new product <slug>`: scaffolds a product file and lists it in the menu. */
export function register(program: Command): void {
  const create = program.command('new').description('Start new content from a template.')
  create
    .command('product')
    .argument(
      '<slug>',
      'the product address: /products/<slug> (lower-case letters, digits, "_", "." and "-")',
    )
    .description(
      'Create content/products/<slug>.yaml with every field as a placeholder, and add it to the menu.',
    )
    .option(
      '--category <name>',
      "its category in content/categories.yaml: the file then lists that category's facts to fill in",
    )
    .option('--root <dir>', 'project folder holding content/ (default: this project)')
    .addHelpText(
      'after',
      '\nIt never overwrites a file. `site validate` flags the placeholders until they are replaced.',
    )
    .action(async (slug: string, options: { root?: string; category?: string }) => {
      const [{ parseDocument }, { RESERVED_SLUGS }, { SINGLE_FILES }, { productTemplate }] =
        await Promise.all([
          import('yaml'),
          import('../../model/content/checks.ts'),
          import('../../model/content/sources.ts'),
          import('../scaffold/product.ts'),
        ])
      const paths = projectPaths(options.root)
      // An existing x.yml is the product too: never write x.yaml beside it.
      const file = productFile(paths.content, slug)
      const shown = path.relative(process.cwd(), file)
      if (!SLUG.test(slug) || slug.length > 80) throw siteError(ERRORS.BadSlug, { slug })
      if (RESERVED_SLUGS.includes(slug)) throw siteError(ERRORS.ReservedSlug, { slug })
      const categories = await readCategories(path.join(paths.content, SINGLE_FILES.categories.file))
      const category = categories.find((c) => c.name === options.category)
      if (options.category !== undefined && !category)
        throw siteError(ERRORS.UnknownCategory, {
          category: options.category,
          categories: categories.map((c) => c.name),
        })
      const catalogueFile = path.join(paths.content, SINGLE_FILES.catalogue.file)
      const catalogue = parseDocument(await readFile(catalogueFile, 'utf8'))
      const products = catalogue.get('products') as YAMLSeq | undefined
      const listed = products?.items.some(
        (item) => String((item as { value?: unknown }).value ?? item) === slug,
      )
      try {
        await writeFile(file, productTemplate(slug, categories, category), { flag: 'wx' })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw siteError(ERRORS.ProductExists, { file: shown })
        throw error
      }
      if (!listed) {
        products?.add(slug)
        await writeFile(catalogueFile, catalogue.toString())
      }
      console.log(`Created ${shown}${listed ? '' : ` and added "${slug}" to the end of the menu (content/catalogue.yaml)`}.

Next steps:
  1. Replace every "TODO" value in ${shown}.
  2. Put the images under content/images/products/${slug}/ and content/images/Header/,
     and write their paths in the file (SVG, PNG or JPEG; the build makes the .webp files).
  3. Run \`site validate\` until it reports nothing; it names each placeholder left.
  4. Preview with \`npm run dev\` at /products/${slug}, then \`npm run build\`.
     To preview it half-written while builds go on without it, add \`draft: true\` at the top.`)
    })
}

/** The categories as declared (names and facts), read leniently: validate reports what is wrong there. */
async function readCategories(file: string): Promise<Category[]> {
  const { parse } = await import('yaml')
  const data = parse(await readFile(file, 'utf8').catch(() => '')) as { categories?: unknown } | null
  return Array.isArray(data?.categories)
    ? (data.categories as Category[]).filter((c) => typeof c?.name === 'string' && Array.isArray(c.facts))
    : []
}
