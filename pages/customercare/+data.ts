// https://vike.dev/data
import { renderContext } from '../../model/context.ts'
import { contactScreenData } from '../support/contact-data.ts'

export async function data() {
  return contactScreenData(await renderContext(), '/customercare.html')
}

export type Data = Awaited<ReturnType<typeof data>>
