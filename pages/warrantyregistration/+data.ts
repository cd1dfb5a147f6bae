// https://vike.dev/data
// The same screen as /productregistration, with its canonical URL.
import { warrantyData } from '../productregistration/warranty-data.ts'

export const data = warrantyData
