// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { domainPageData } from './domain-data.ts'

export async function data() {
  const ctx = await renderContext()
  return domainPageData(ctx, ctx.content.space, '/space', 'Space')
}

export type Data = Awaited<ReturnType<typeof data>>
