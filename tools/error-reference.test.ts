import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { errorReference, REFERENCE } from './error-reference.ts'

describe('docs/errors.md', () => {
  it('is what the catalogue says now (run `npm run errors` after changing an entry)', async () => {
    expect(await readFile(REFERENCE, 'utf8')).toBe(errorReference())
  })

  it('shows each entry with its example particulars filled in', () => {
    const reference = errorReference()
    expect(reference).toContain(
      '| `duplicate-slug` | A product listed twice in the menu | The slug "szephyr" is listed twice (entries 1 and 7). | delete one of the two lines. |',
    )
    expect(reference).toContain(
      '| 429 | `rate-limited` | Too many requests from one client | Too many requests from this address; try again in 12 s. |',
    )
    expect(reference).toContain(
      '| `brochures-invalid` | Brochure PDFs are missing or wrong | 2 of 9 brochures',
    )
  })
})
