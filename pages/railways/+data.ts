// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { domainPageData } from '../space/domain-data.ts'

export async function data() {
  const ctx = await renderContext()
  return domainPageData(ctx, ctx.content.railways, '/railways', 'Railways')
}

export type Data = Awaited<ReturnType<typeof data>>
