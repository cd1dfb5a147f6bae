import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Command } from 'commander'
import { ERRORS, plural, siteError } from '../../lib/errors.ts'
import { projectPaths } from '../../model/paths.ts'
import {
  KINDS,
  type Kind,
  type ListFilter,
  openStorage,
  parseDatabaseUrl,
  type Submission,
  type Undelivered,
} from '../../server/storage.ts'

interface ReadFlags {
  data?: string
  kind?: string
  since?: string
  spam?: boolean
  root?: string
  database?: string
}

interface ExportFlags extends ReadFlags {
  format: string
  out?: string
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * Reads `--since`: a day (`2025-03-01`, from midnight UTC) or an ISO date-time with a zone
 * (`2025-03-01T09:30:00+05:30`). Returns it as ISO UTC, the form the database stores.
 */
export function parseSince(value: string): string {
  const day = DATE.exec(value)
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number]
    const date = new Date(Date.UTC(y, m - 1, d))
    if (date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d)
      return date.toISOString()
  } else if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
    return new Date(value).toISOString()
  }
  throw siteError(ERRORS.BadDate, { value })
}

/** Reads `--kind`: one of the three forms. */
export function parseKind(value: string): Kind {
  if ((KINDS as readonly string[]).includes(value)) return value as Kind
  throw siteError(ERRORS.BadKind, { value, kinds: KINDS })
}

/** Reads the submissions the flags select, oldest first, and the notifications still to be sent. */
export async function readSubmissions(
  flags: ReadFlags,
): Promise<{ rows: Submission[]; undelivered: Undelivered }> {
  const filter: ListFilter = { spam: flags.spam === true }
  if (flags.kind !== undefined) filter.kind = parseKind(flags.kind)
  if (flags.since !== undefined) filter.since = parseSince(flags.since)
  const dataDir = path.resolve(flags.data ?? projectPaths(flags.root && path.resolve(flags.root)).data)
  const databaseUrl = flags.database
    ? parseDatabaseUrl(flags.database, '--database')
    : parseDatabaseUrl(process.env.SITE_DATABASE_URL, 'SITE_DATABASE_URL')
  const storage = await openStorage(dataDir, { readonly: true, databaseUrl })
  try {
    return { rows: await storage.list(filter), undelivered: await storage.undelivered() }
  } finally {
    await storage.close()
  }
}

const SELECT_HELP = `
Spam (a filled honeypot field) is left out unless --spam is given; with it, spam rows are included
and marked. Dates and times are UTC.`

function addReadOptions(command: Command): Command {
  return command
    .option('--data <dir>', 'folder holding submissions.db (default: data/ in the project)')
    .option('--kind <kind>', `only this kind: ${KINDS.join(', ')}`)
    .option('--since <date>', 'only submissions received on or after this day (YYYY-MM-DD) or ISO time')
    .option('--spam', 'include submissions flagged as spam')
    .option('--root <dir>', 'project folder holding data/ (default: this project)')
    .option('--database <url>', 'read from PostgreSQL instead of SQLite (env SITE_DATABASE_URL)')
}

/** `site submissions list|export`: the sales team's view of what the forms received. */
export function register(program: Command): void {
  const submissions = program
    .command('submissions')
    .description('Read the form submissions that `site serve` stored: list them or export them.')

  addReadOptions(submissions.command('list').description('Print the submissions as a table, oldest first.'))
    .addHelpText(
      'after',
      `${SELECT_HELP}\n\nExample: site submissions list --kind enquiry --since 2025-03-01`,
    )
    .action(async (flags: ReadFlags) => {
      const { submissionsTable, undeliveredNote } = await import('../../server/submissions-format.ts')
      const { rows, undelivered } = await readSubmissions(flags)
      process.stdout.write(submissionsTable(rows, { spam: flags.spam === true }))
      const note = undeliveredNote(undelivered)
      if (note) console.error(note)
    })

  addReadOptions(
    submissions
      .command('export')
      .description('Write the submissions as CSV (with a header row) or JSON, oldest first.'),
  )
    .option('--format <format>', 'csv or json', 'csv')
    .option('--out <file>', 'write to this file instead of standard output')
    .addHelpText(
      'after',
      `${SELECT_HELP}
CSV columns: id, received_at, kind, product, (spam), then the form fields. Every field is quoted, so
a spreadsheet keeps it one cell whether its list separator is a comma or a semicolon; cells that
start like a formula (=, +, -, @, also after spaces) get a leading ' so they open as text.

Example: site submissions export --format csv --kind enquiry --out enquiries.csv`,
    )
    .action(async (flags: ExportFlags) => {
      if (flags.format !== 'csv' && flags.format !== 'json')
        throw siteError(ERRORS.BadFormat, { value: String(flags.format) })
      const { submissionsCsv, submissionsJson, undeliveredNote } = await import(
        '../../server/submissions-format.ts'
      )
      const { rows, undelivered } = await readSubmissions(flags)
      // On standard error: the export itself stays clean.
      const note = undeliveredNote(undelivered)
      if (note) console.error(note)
      const text =
        flags.format === 'csv' ? submissionsCsv(rows, { spam: flags.spam === true }) : submissionsJson(rows)
      if (!flags.out) {
        process.stdout.write(text)
        return
      }
      await writeFile(flags.out, text)
      console.error(`Wrote ${plural(rows.length, 'submission')} to ${flags.out}.`)
    })
}
