import type { TSchema } from '@sinclair/typebox'
import { Type } from '@sinclair/typebox'
import { PAGES, type PageKey } from '../../lib/pages.ts'
import { CategoriesSchema } from './schemas/categories.ts'
import { Slug, Strict } from './schemas/common.ts'
import { AboutSchema, DomainSchema, HomeSchema, PrivacySchema, WebAndCloudSchema } from './schemas/pages.ts'
import { ProductSchema } from './schemas/product.ts'
import { BrochuresSchema, SiteSchema } from './schemas/site.ts'

/** The menu order of the products: content/catalogue.yaml. */
export const CatalogueSchema = Strict(
  {
    products: Type.Array(Slug, {
      minItems: 1,
      description: 'Product slugs in menu order; each has content/products/<slug>.yaml.',
    }),
  },
  'Product menu order.',
)

/** The pages lib/pages.ts declares with a YAML file of their own. */
type YamlPage = {
  [K in PageKey]: (typeof PAGES)[K] extends { content: `${string}.yaml` } ? K : never
}[PageKey]

/**
 * The schema of each page with a YAML file, and the file its JSON Schema is published as for editors.
 * TypeScript asks for an entry for each such page declared in lib/pages.ts.
 */
export const PAGE_SCHEMAS = {
  home: { schema: HomeSchema, schemaFile: 'home.schema.json' },
  about: { schema: AboutSchema, schemaFile: 'about.schema.json' },
  space: { schema: DomainSchema, schemaFile: 'domain.schema.json' },
  railways: { schema: DomainSchema, schemaFile: 'domain.schema.json' },
  webAndCloud: { schema: WebAndCloudSchema, schemaFile: 'webandcloud.schema.json' },
} as const satisfies Record<YamlPage, { schema: TSchema; schemaFile: string }>

/** A page's YAML file, where lib/pages.ts says it is, with its schema. */
type PageFile<K extends YamlPage> = { file: string } & (typeof PAGE_SCHEMAS)[K]

const PAGE_FILES = Object.fromEntries(
  (Object.keys(PAGE_SCHEMAS) as YamlPage[]).map((key) => [
    key,
    { file: PAGES[key].content, ...PAGE_SCHEMAS[key] },
  ]),
) as { [K in YamlPage]: PageFile<K> }

/** Every single-file content type: where it lives, which schema guards it, where its JSON Schema is written. */
export const SINGLE_FILES = {
  site: { file: 'site.yaml', schema: SiteSchema, schemaFile: 'site.schema.json' },
  catalogue: { file: 'catalogue.yaml', schema: CatalogueSchema, schemaFile: 'catalogue.schema.json' },
  categories: { file: 'categories.yaml', schema: CategoriesSchema, schemaFile: 'categories.schema.json' },
  brochures: { file: 'brochures.yaml', schema: BrochuresSchema, schemaFile: 'brochures.schema.json' },
  ...PAGE_FILES,
} as const satisfies Record<string, { file: string; schema: TSchema; schemaFile: string }>

export { PRODUCTS_DIR } from './product-file.ts'
export const PRODUCT_SCHEMA = { schema: ProductSchema, schemaFile: 'product.schema.json' } as const
export const PRIVACY = {
  file: PAGES.privacy.content,
  schema: PrivacySchema,
  schemaFile: 'privacy.schema.json',
}
export const IMAGES_DIR = 'images'
export const SCHEMAS_DIR = 'schemas'

/** Every JSON Schema to publish for editors, by file name. */
export function publishedSchemas(): Map<string, TSchema> {
  const out = new Map<string, TSchema>()
  for (const entry of Object.values(SINGLE_FILES)) out.set(entry.schemaFile, entry.schema)
  out.set(PRODUCT_SCHEMA.schemaFile, PRODUCT_SCHEMA.schema)
  out.set(PRIVACY.schemaFile, PRIVACY.schema)
  return out
}
