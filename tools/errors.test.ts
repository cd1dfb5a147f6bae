import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERRORS, siteError } from '../lib/errors.ts'
import { PROJECT_ROOT } from '../model/paths.ts'

/** The project's own source files (not tests), project-relative. */
function sources(): string[] {
  const found: string[] = []
  for (const folder of ['cli', 'model', 'lib', 'vite', 'server', 'components', 'pages'])
    for (const entry of readdirSync(path.join(PROJECT_ROOT, folder), {
      recursive: true,
      withFileTypes: true,
    }))
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        found.push(path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)))
  return found.sort()
}

describe('the error catalogue (lib/errors.ts)', () => {
  it('is where every user-facing error is made: no SiteError is written out anywhere else', () => {
    const inline = sources().filter(
      (file) =>
        file !== 'lib/errors.ts' &&
        readFileSync(path.join(PROJECT_ROOT, file), 'utf8').includes('new SiteError('),
    )
    expect(inline).toEqual([])
  })

  it('gives every entry a title, a message that says what happened and a hint that says what to do', () => {
    for (const [name, entry] of Object.entries(ERRORS)) {
      expect(entry.code, name).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(entry.title.length, name).toBeGreaterThan(5)
    }
    const error = siteError(ERRORS.BrochuresInvalid, { bad: 2, total: 9, storageBase: '/storage' })
    expect(error).toMatchObject({
      code: 'brochures-invalid',
      message: '2 of 9 brochures are missing or wrong at /storage.',
      hint: 'upload the PDFs named above to the storage base, or fix their ids in content/brochures.yaml.',
      problems: [],
    })
  })
})
