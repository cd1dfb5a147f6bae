import { beforeAll, describe, expect, it } from 'vitest'
import { type Content, loadContent } from './content/load.ts'
import { MENU_LIMIT, productsMenu } from './menu.ts'
import { projectPaths } from './paths.ts'

let shipped: Content

beforeAll(async () => {
  shipped = await loadContent(projectPaths().content)
})

/** The shipped content with its products repeated (new slugs and names) up to `count`. */
function withProducts(count: number) {
  const products = Array.from({ length: count }, (_, i) => {
    const original = shipped.products[i % shipped.products.length]
    if (!original) throw new Error('the shipped content has no products')
    return i < shipped.products.length
      ? original
      : { ...original, slug: `${original.slug}-${i}`, name: `${original.name} ${i}` }
  })
  const content = { ...shipped, products }
  // Every image as if encoded: the menu only needs its manifest entry.
  const images = Object.fromEntries(
    products.map((p) => [
      p.headerImage,
      { width: 800, height: 600, widths: [400, 800], formats: ['webp' as const] },
    ]),
  )
  return { content, images, config: { assetBase: '/media' } as Parameters<typeof productsMenu>[0]['config'] }
}

describe('the Products menu', () => {
  it('lists every shipped product in catalogue order, each leading to its page', () => {
    const menu = productsMenu(withProducts(shipped.products.length))
    expect(menu.map((e) => e.name)).toEqual(shipped.products.map((p) => p.name))
    expect(menu.map((e) => e.link)).toEqual(shipped.products.map((p) => `/products/${p.slug}`))
    expect(menu.every((e) => e.detail === undefined)).toBe(true)
    expect(menu[0]?.image.src).toMatch(/^\/media\/.+\.webp$/)
  })

  it(`still lists products at ${MENU_LIMIT}, and categories from one more`, () => {
    expect(productsMenu(withProducts(MENU_LIMIT))).toHaveLength(MENU_LIMIT)
    const grouped = productsMenu(withProducts(MENU_LIMIT + 1))
    expect(grouped.length).toBeLessThan(MENU_LIMIT)
    expect(grouped.every((e) => e.link.startsWith('/products?category='))).toBe(true)
  })

  it('past the limit, lists each category that has products, with its size, leading to the narrowed catalogue', () => {
    const context = withProducts(1000)
    const menu = productsMenu(context)
    const used = shipped.categories.filter((c) => context.content.products.some((p) => p.category === c.name))
    expect(menu.map((e) => e.name)).toEqual(used.map((c) => c.name))
    const sizes = menu.map((e) => Number(/^(\d+) products$/.exec(e.detail ?? '')?.[1]))
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1000)
    const networking = menu.find((e) => e.name === 'Industrial networking')
    expect(networking?.link).toBe('/products?category=industrial-networking')
    // Its preview is the category's first product's header image.
    const first = context.content.products.find((p) => p.category === 'Industrial networking')
    expect(networking?.image.src).toContain(
      first?.headerImage
        .replace(/\.[a-z]+$/, '')
        .split('/')
        .pop(),
    )
  })

  it('stays the same size from one more than the limit to a thousand products', () => {
    const small = JSON.stringify(productsMenu(withProducts(MENU_LIMIT + 1))).length
    const large = JSON.stringify(productsMenu(withProducts(1000))).length
    // Only the counts' digits differ.
    expect(Math.abs(large - small)).toBeLessThan(2 * shipped.categories.length)
  })
})
