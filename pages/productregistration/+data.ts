// https://vike.dev/data
import { warrantyData } from './warranty-data.ts'

export const data = warrantyData
