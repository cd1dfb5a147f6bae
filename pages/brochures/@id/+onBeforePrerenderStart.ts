// https://vike.dev/onBeforePrerenderStart
import { renderContext } from '../../../model/context.ts'
import { inThisPass } from '../../../model/prerender-batch.ts'

/** One download page per brochure in content/brochures.yaml. */
export async function onBeforePrerenderStart(): Promise<string[]> {
  const { content } = await renderContext()
  return inThisPass(content.brochures.map((b) => `/brochures/${b.id}`))
}
