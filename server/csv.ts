import { withoutControls } from '../lib/forms/validate.ts'
/**
 * CSV as RFC 4180 describes it: comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * a quote, a line break or edge spaces, with quotes doubled inside.
 *
 * Form text comes from the public internet and the sales team opens exports in spreadsheets, so a cell
 * that starts like a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading `'` (OWASP's advice against
 * CSV injection); the spreadsheet then shows it as text.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + (rows.length ? '\r\n' : '')
}

/** One field, neutralised and quoted as needed. */
export function csvField(raw: string): string {
  // Rows stored before control characters were removed at intake: never write them to a terminal.
  const value = withoutControls(raw)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
