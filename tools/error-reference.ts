/**
 * Writes docs/errors.md, the reference of every error, content problem and API answer, from the
 * catalogue (lib/errors.ts, lib/problems.ts, lib/api-messages.ts), as Astro's error reference is made
 * from its own: `npm run errors`. tools/error-reference.test.ts fails while the file is behind.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { API_MESSAGES, apiAnswer } from '../lib/api-messages.ts'
import { ERRORS, siteError } from '../lib/errors.ts'
import { finding, PROBLEMS } from '../lib/problems.ts'

/** Where the reference is written. */
export const REFERENCE = path.join(import.meta.dirname, '..', 'docs', 'errors.md')

/** A table cell: one line, pipes escaped. */
const tableCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

/** One section: its heading, what it says about how the entries are printed, and its table. */
function section(
  heading: string,
  about: readonly string[],
  head: readonly string[],
  rows: string[][],
): string[] {
  return [
    `## ${heading}`,
    '',
    ...about,
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(tableCell).join(' | ')} |`),
    '',
  ]
}

/** The reference's Markdown. */
export function errorReference(): string {
  const errors = Object.values(ERRORS).map((entry) => {
    const error = siteError(entry as (typeof ERRORS)['BrochuresInvalid'], entry.example as never)
    return [`\`${entry.code}\``, entry.title, error.message, error.hint ?? '']
  })
  const problems = Object.values(PROBLEMS).map((kind) => {
    const words = finding(kind as (typeof PROBLEMS)['Placeholder'], kind.example as never)
    return [`\`${kind.code}\``, kind.title, words.message, words.hint]
  })
  const answers = Object.values(API_MESSAGES).map((kind) => {
    const answer = apiAnswer(kind as (typeof API_MESSAGES)['RateLimited'], kind.example as never)
    return [String(kind.status), `\`${kind.code}\``, kind.title, answer.body.error]
  })
  const lines = [
    '# Errors, problems and API answers',
    '',
    'Generated from the catalogue by `npm run errors`; do not edit by hand. Every message the tools print',
    'and every answer the intake API gives is one of these, each shown with example particulars. A code is',
    'stable: scripts and `--json` output match on it.',
    '',
    '- [Errors that stop a command](#errors-that-stop-a-command) (`lib/errors.ts`)',
    '- [Content problems](#content-problems) (`lib/problems.ts`), as `site validate`, `site build` and',
    '  `site dev` report them, each at its file:line:col',
    '- [Intake API answers](#intake-api-answers) (`lib/api-messages.ts`), the `{"error": ...}` of each refusal',
    '',
    ...section(
      'Errors that stop a command',
      ['Printed with the hint after `Fix:`; the command exits 1.'],
      ['Code', 'Title', 'Message', 'Fix'],
      errors,
    ),
    ...section(
      'Content problems',
      ['Printed as `file:line:col  /field`, the message, then `Fix:` and the hint.'],
      ['Code', 'Title', 'Message', 'Fix'],
      problems,
    ),
    ...section(
      'Intake API answers',
      [
        'The body is `{"error": "<answer>"}`; a 422 answers `{"errors": {"<field>": "<message>"}}` with the',
        "form rules' own messages (`lib/forms/`), and a 429 or 503 also sends `Retry-After`.",
      ],
      ['Status', 'Code', 'Title', 'Answer'],
      answers,
    ),
  ]
  return `${lines.join('\n').trimEnd()}\n`
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await writeFile(REFERENCE, errorReference())
  console.log(`Wrote ${path.relative(process.cwd(), REFERENCE)}.`)
}
