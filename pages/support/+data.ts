// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { contactScreenData } from './contact-data.ts'

export async function data() {
  return contactScreenData(await renderContext(), '/support')
}

export type Data = Awaited<ReturnType<typeof data>>
