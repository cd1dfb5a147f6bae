// https://vike.dev/data

import { PAGES } from '../../lib/pages.ts'
import { renderContext } from '../../model/context.ts'
import { domainPageData } from '../../model/domain-page.ts'

export async function data() {
  const ctx = await renderContext()
  return domainPageData(ctx, ctx.content.railways, PAGES.railways.path, 'Railways')
}

export type Data = Awaited<ReturnType<typeof data>>
