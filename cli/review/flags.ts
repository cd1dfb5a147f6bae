import { ERRORS, siteError } from '../../lib/errors.ts'

/** `--widths 360,1000,1440`: whole numbers from 200 to 3840, each once, narrowest first. */
export function parseWidths(value: string): number[] {
  const parts = value.split(',').map((part) => part.trim())
  const widths = parts.map(Number)
  if (!parts.every((part) => /^\d+$/.test(part)) || widths.some((w) => w < 200 || w > 3840))
    throw siteError(ERRORS.BadWidths, { value })
  return [...new Set(widths)].sort((a, b) => a - b)
}

/** `--fail-on 0.01`: a share of a page's pixels, from 0 to 1. */
export function parseShare(value: string, flag: string): number {
  const share = Number(value)
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(value.trim()) || !(share >= 0 && share <= 1))
    throw siteError(ERRORS.BadShare, { flag, value })
  return share
}
