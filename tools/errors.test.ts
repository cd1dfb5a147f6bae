import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES, apiAnswer } from '../lib/api-messages.ts'
import { ERRORS, siteError } from '../lib/errors.ts'
import { finding, PROBLEMS } from '../lib/problems.ts'
import { PROJECT_ROOT } from '../model/paths.ts'

/** The three files of the catalogue: errors that stop a command, content problems, API answers. */
const CATALOGUE = ['lib/errors.ts', 'lib/problems.ts', 'lib/api-messages.ts']

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

/**
 * What a file writes out that only the catalogue may: a SiteError, a problem's code or hint, an API
 * answer's `error` sentence. Each is named with its line.
 */
function writtenOutside(code: string): string[] {
  const rules: [RegExp, string][] = [
    [/new SiteError\(/, 'a SiteError'],
    [/\bhint:\s*['"`]/, 'a hint'],
    [/\bcode:\s*'[a-z0-9]+(-[a-z0-9]+)+'/, "a problem's code"],
    [/\berror:\s*['"`]/, "an answer's error"],
  ]
  return code
    .split('\n')
    .flatMap((line, i) =>
      rules.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${what} at line ${i + 1}`),
    )
}

describe('the catalogue (lib/errors.ts, lib/problems.ts, lib/api-messages.ts)', () => {
  it('is where every error, problem and API answer is worded: none is written out anywhere else', () => {
    const inline = sources()
      .filter((file) => !CATALOGUE.includes(file))
      .flatMap((file) =>
        writtenOutside(readFileSync(path.join(PROJECT_ROOT, file), 'utf8')).map((what) => `${file}: ${what}`),
      )
    expect(inline).toEqual([])
  })

  it('sees each kind of message written out', () => {
    expect(
      writtenOutside(
        [
          "throw new SiteError('x', 'y')",
          "problems.push({ code: 'not-utf8', message: m, hint: 'save it as UTF-8' })",
          'return reply.send({ error: `There is no endpoint at \u0024{path}.` })',
          "const label = { code: 'x' }",
        ].join('\n'),
      ),
    ).toEqual([
      'a SiteError at line 1',
      'a hint at line 2',
      "a problem's code at line 2",
      "an answer's error at line 3",
    ])
  })

  it('gives every error a code and a title, and words every example', () => {
    for (const [name, entry] of Object.entries(ERRORS)) {
      expect(entry.code, name).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(entry.title.length, name).toBeGreaterThan(5)
    }
    for (const [name, kind] of Object.entries(PROBLEMS)) {
      expect(kind.code, name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      const words = finding(kind as (typeof PROBLEMS)['Placeholder'], kind.example as { value: string })
      expect(words.message, name).toMatch(/\.$/)
      expect(words.hint, name).toMatch(/[.?]$/)
    }
    for (const [name, kind] of Object.entries(API_MESSAGES)) {
      expect(kind.status, name).toBeGreaterThanOrEqual(400)
      const answer = apiAnswer(kind as (typeof API_MESSAGES)['RateLimited'], kind.example as never)
      expect(answer.body.error, name).toMatch(/[.)]$/)
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
