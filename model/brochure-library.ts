import type { RenderContext } from './context.ts'

/** One brochure as a link: its title and the route that downloads it. */
export interface BrochureLink {
  id: string
  title: string
  /** `/brochures/<id>`: says 'Redirecting to download...', downloads the PDF, then shows the link again. */
  href: string
}

/** The file of a brochure (../shared/spec/DECISIONS.md, Brochures): `<storageBase>/brochures/<id>.pdf`. */
export function brochureFile(ctx: Pick<RenderContext, 'config'>, id: string): string {
  return `${ctx.config.storageBase}/brochures/${id}.pdf`
}

/**
 * Every brochure, grouped the way visitors look for them: the brochures of a solution domain (Railways,
 * Space: its page's `brochures:` list), then each product's brochure under the product's category, in
 * menu order, naming the product; a brochure that belongs to neither comes last, so none is left out.
 * The brochure library's page data (`pages/brochures/+data.ts`) is this.
 */
export function brochureLibrary(ctx: Pick<RenderContext, 'content'>) {
  const { brochures, products, railways, space } = ctx.content
  const link = (id: string): BrochureLink | undefined => {
    const b = brochures.find((x) => x.id === id)
    return b && { id: b.id, title: b.title, href: `/brochures/${b.id}` }
  }
  const listed = new Set<string>()
  const take = (id: string) => {
    const found = link(id)
    if (found) listed.add(id)
    return found
  }

  const domains = [
    { name: 'Railways', href: '/railways', ids: railways.brochures ?? [] },
    { name: 'Space', href: '/space', ids: space.brochures ?? [] },
  ]
    .map((d) => ({ name: d.name, href: d.href, brochures: d.ids.flatMap((id) => take(id) ?? []) }))
    .filter((d) => d.brochures.length > 0)

  const categories = new Map<
    string,
    { category: string; brochures: (BrochureLink & { product: { name: string; href: string } })[] }
  >()
  for (const p of products) {
    const b = p.brochure ? take(p.brochure) : undefined
    if (!b) continue
    const group = categories.get(p.category) ?? { category: p.category, brochures: [] }
    group.brochures.push({ ...b, product: { name: p.name, href: `/products/${p.slug}` } })
    categories.set(p.category, group)
  }

  const others = brochures.filter((b) => !listed.has(b.id)).flatMap((b) => link(b.id) ?? [])
  return { domains, products: [...categories.values()], others }
}
