// https://vike.dev/onBeforePrerenderStart
import { renderContext } from '../../../model/context.ts'
import { inThisPass } from '../../../model/prerender-batch.ts'

/** One enquiry page per product. */
export async function onBeforePrerenderStart(): Promise<string[]> {
  const { content } = await renderContext()
  return inThisPass(content.products.map((p) => `/productenquiry/${p.slug}`))
}
