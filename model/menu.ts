import { CATALOGUE_PATH } from './compare.ts'
import { categoryId } from './content/facts.ts'
import type { RenderContext } from './context.ts'
import { type ImageData, imageFor } from './images.ts'

/**
 * How many entries one Products menu holds: two columns of twelve beside the preview, which is as long
 * as the menu can be and still fit a laptop screen. Up to this many products the menu lists every
 * product (../shared/spec/site-spec.md §2); past it, it lists the categories, each leading to the
 * catalogue narrowed to it, so what every page carries stays the same size however many products
 * there are (docs/decisions.md, "A catalogue of any size").
 */
export const MENU_LIMIT = 24

/** An entry of the Products menu: a product, or past {@link MENU_LIMIT} products a category. */
export interface MenuEntry {
  /** Unique among the entries: the product's slug or the category's id. */
  key: string
  name: string
  link: string
  /** The preview beside the menu: the product's header image, or the category's first product's. */
  image: ImageData
  /** A category's size, e.g. "312 products"; none for a product. */
  detail?: string
}

/** A product as a form's product list offers it. */
export interface ProductChoice {
  value: string
  label: string
}

/** Every product as a form's list offers it, in catalogue order. */
export function productChoices(products: readonly { slug: string; name: string }[]): ProductChoice[] {
  return products.map((p) => ({ value: p.slug, label: p.name }))
}

/**
 * The product list a form page carries in its own HTML: every product while they fit one list
 * ({@link MENU_LIMIT}); past that none, and the form loads `virtual:products` once it has hydrated.
 */
export function inlineChoices(products: readonly { slug: string; name: string }[]): ProductChoice[] | null {
  return products.length <= MENU_LIMIT ? productChoices(products) : null
}

/** The Products menu's entries for the published content. */
export function productsMenu(ctx: Pick<RenderContext, 'content' | 'images' | 'config'>): MenuEntry[] {
  const { products, categories } = ctx.content
  if (products.length <= MENU_LIMIT)
    return products.map((p) => ({
      key: p.slug,
      name: p.name,
      link: `/products/${p.slug}`,
      image: imageFor(ctx, p.headerImage),
    }))
  const members = new Map<string, (typeof products)[number][]>()
  for (const p of products) {
    const list = members.get(p.category)
    if (list) list.push(p)
    else members.set(p.category, [p])
  }
  return categories.flatMap((c) => {
    const inCategory = members.get(c.name) ?? []
    const first = inCategory[0]
    if (!first) return []
    const id = categoryId(c.name)
    return [
      {
        key: id,
        name: c.name,
        link: `${CATALOGUE_PATH}?category=${encodeURIComponent(id)}`,
        image: imageFor(ctx, first.headerImage),
        detail: `${inCategory.length} products`,
      },
    ]
  })
}
