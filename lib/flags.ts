import { ERRORS, siteError } from './errors.ts'

/**
 * A flag's value as a whole number in [min, max], or a SiteError naming the flag, the range and an
 * example. Shared by the CLI's commands and the server's own flags.
 */
export function wholeNumber(value: string, flag: string, min: number, max: number, example: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw siteError(ERRORS.BadNumberFlag, { flag, min, max, value, example })
  return n
}
