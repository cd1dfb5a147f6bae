import { ERRORS, siteError } from '../../lib/errors.ts'

/** A whole number in [min, max], or a SiteError naming the flag. */
export function intFlag(value: string, flag: string, min: number, max: number, example: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw siteError(ERRORS.BadNumberFlag, { flag, min, max, value, example })
  return n
}
