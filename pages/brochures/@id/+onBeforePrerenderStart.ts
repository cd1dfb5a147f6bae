// https://vike.dev/onBeforePrerenderStart
import { renderContext } from '../../../renderer/context.ts'

/** One download page per brochure in content/brochures.yaml. */
export async function onBeforePrerenderStart(): Promise<string[]> {
  const { content } = await renderContext()
  return content.brochures.map((b) => `/brochures/${b.id}`)
}
