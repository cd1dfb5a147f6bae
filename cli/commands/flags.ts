import { SiteError } from '../../lib/errors.ts'

/** A whole number in [min, max], or a SiteError naming the flag. */
export function intFlag(value: string, flag: string, min: number, max: number, example: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new SiteError(
      'bad-flag',
      `${flag} must be a whole number from ${min} to ${max}, not "${value}".`,
      `e.g. ${flag} ${example}`,
    )
  return n
}
