// https://vike.dev/onBeforePrerenderStart
import { renderContext } from '../../../model/context.ts'
import { inThisPass } from '../../../model/prerender-batch.ts'

/** Every product's URL; the web and cloud page has a route of its own. */
export async function onBeforePrerenderStart(): Promise<string[]> {
  const { content } = await renderContext()
  return inThisPass(content.products.map((p) => `/products/${p.slug}`))
}
