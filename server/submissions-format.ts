import { contactFields, enquiryFields, warrantyFields } from '../lib/forms/index.ts'
import { toCsv } from './csv.ts'
import { terminalJson, withoutBidi } from './neutral-text.ts'
import type { Submission, Undelivered } from './storage.ts'

/** Form fields in the order the forms show them (the product fields among them never become columns). */
const FIELD_ORDER = [...new Set<string>([...enquiryFields, ...contactFields, ...warrantyFields])]
/** The product is its own column. */
const PRODUCT_FIELDS = new Set(['product', 'product_name'])

/** The payload fields present in `rows`: known ones in form order, then any others as first seen. */
export function payloadColumns(rows: readonly Submission[]): string[] {
  const seen = new Set<string>()
  for (const row of rows)
    for (const key of Object.keys(row.payload)) if (!PRODUCT_FIELDS.has(key)) seen.add(key)
  return [...FIELD_ORDER.filter((f) => seen.has(f)), ...[...seen].filter((f) => !FIELD_ORDER.includes(f))]
}

const cell = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)

/** CSV with a header row: id, received_at, kind, product, (spam), then the form fields. */
export function submissionsCsv(rows: readonly Submission[], options: { spam?: boolean } = {}): string {
  const fields = payloadColumns(rows)
  const header = ['id', 'received_at', 'kind', 'product', ...(options.spam ? ['spam'] : []), ...fields]
  const body = rows.map((r) => [
    r.id,
    r.receivedAt,
    r.kind,
    r.product ?? '',
    ...(options.spam ? [r.spam ? 'yes' : 'no'] : []),
    ...fields.map((f) => cell(r.payload[f])),
  ])
  return toCsv([header, ...body])
}

/**
 * A JSON array of `{id, receivedAt, kind, product, spam, payload}`, one line per level. Bidirectional
 * and C1 controls are written as `\uXXXX` escapes: the values read back as stored, and printed to a
 * terminal they reorder or do nothing.
 */
export function submissionsJson(rows: readonly Submission[]): string {
  return `${terminalJson(rows)}\n`
}

/**
 * Control characters (including terminal escapes) from public input never reach the terminal, and a
 * bidirectional control shows as U+FFFD, as in the CSV export.
 */
const printable = (value: string) =>
  withoutBidi(value)
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const padOrCut = (value: string, width: number) => {
  const chars = [...value]
  return chars.length <= width
    ? value + ' '.repeat(width - chars.length)
    : `${chars.slice(0, width - 1).join('')}…`
}

const COLUMNS: { title: string; width: number; value: (s: Submission) => string }[] = [
  { title: 'Received (UTC)', width: 16, value: (s) => s.receivedAt.slice(0, 16).replace('T', ' ') },
  { title: 'Kind', width: 8, value: (s) => s.kind },
  { title: 'Product', width: 22, value: (s) => s.product ?? '' },
  { title: 'Name', width: 20, value: (s) => cell(s.payload.name) },
  { title: 'Email', width: 28, value: (s) => cell(s.payload.email) },
  { title: 'Phone', width: 10, value: (s) => cell(s.payload.phone) },
  { title: 'Message', width: 36, value: (s) => cell(s.payload.description) },
]

/** A table for people: one line per submission, long values cut with "…", then a count. */
export function submissionsTable(rows: readonly Submission[], options: { spam?: boolean } = {}): string {
  const columns = options.spam
    ? [...COLUMNS, { title: 'Spam', width: 4, value: (s: Submission) => (s.spam ? 'yes' : '') }]
    : COLUMNS
  const line = (text: (column: (typeof columns)[number]) => string) =>
    columns
      .map((c) => padOrCut(printable(text(c)), c.width))
      .join('  ')
      .trimEnd()
  const lines = [line((c) => c.title), line((c) => '-'.repeat(c.width))]
  for (const row of rows) lines.push(line((c) => c.value(row)))
  const byKind = new Map<string, number>()
  for (const row of rows) byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + 1)
  const counts = [...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')
  lines.push('', `${rows.length} submission${rows.length === 1 ? '' : 's'}${counts ? ` (${counts})` : ''}.`)
  return `${lines.join('\n')}\n`
}

/**
 * What is still to be sent, for people reading the submissions (`site submissions`, `site serve`'s
 * start): `undefined` when nothing is waiting. An e-mail waits when no running instance can send it
 * (none has SITE_SMTP_URL); saying so is how a configuration drift between instances gets noticed.
 */
export function undeliveredNote(undelivered: Undelivered): string | undefined {
  const parts: string[] = []
  const since = (oldest: string) => `${oldest.slice(0, 16).replace('T', ' ')} UTC`
  const { mail, webhook } = undelivered
  if (mail)
    parts.push(
      `${mail.count} e-mail${mail.count === 1 ? '' : 's'} not sent yet (the oldest for a submission of ${since(mail.oldest)}): an instance of \`site serve\` with SITE_SMTP_URL sends them`,
    )
  if (webhook)
    parts.push(
      `${webhook.count} webhook call${webhook.count === 1 ? '' : 's'} not made yet (the oldest for a submission of ${since(webhook.oldest)}): an instance of \`site serve\` with --webhook makes them`,
    )
  return parts.length > 0 ? `${parts.join('; ')}.` : undefined
}
