// https://vike.dev/onBeforePrerenderStart
import { renderContext } from '../../../renderer/context.ts'

/** One enquiry page per product. */
export async function onBeforePrerenderStart(): Promise<string[]> {
  const { content } = await renderContext()
  return content.products.map((p) => `/productenquiry/${p.slug}`)
}
