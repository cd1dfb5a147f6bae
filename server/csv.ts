import { BIDI_CONTROLS } from './neutral-text.ts'

/**
 * CSV as RFC 4180 describes it (comma-separated, CRLF line ends, quotes doubled inside a field), with
 * every field quoted. Form text comes from the public internet and the sales team opens exports in
 * spreadsheets, in whatever locale their machine has:
 *
 * - A spreadsheet in a locale whose list separator is `;` (most of Europe) splits an unquoted field at
 *   each `;`, and a piece such as `=1+1` then becomes a formula cell. A quoted field is one cell in
 *   every locale, whatever separator the spreadsheet uses.
 * - A cell that starts like a formula (`=`, `+`, `-`, `@`, their full-width forms, tab or CR, also
 *   after leading spaces, which importers may trim) gets a leading `'` (OWASP's advice against CSV
 *   injection); the spreadsheet then shows it as text.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + (rows.length ? '\r\n' : '')
}

/**
 * Control characters other than tab and line breaks (NUL, BEL, ESC and its terminal sequences) and
 * the bidirectional overrides that reorder what a reader sees become U+FFFD: an export printed to a
 * terminal or opened in a spreadsheet shows what was sent, and does nothing else.
 */
const UNSAFE = new RegExp(`(?![\\t\\n\\r])\\p{Cc}|[${BIDI_CONTROLS}]`, 'gu')

/** How a formula may start, once any leading spaces are skipped. */
const FORMULA_START = /^[\t\r]|^ *[=+\-@\uff1d\uff0b\uff0d\uff20]/

/** One field, neutralised and quoted. */
export function csvField(value: string): string {
  const clean = value.replace(UNSAFE, '\ufffd')
  const safe = FORMULA_START.test(clean) ? `'${clean}` : clean
  return `"${safe.replaceAll('"', '""')}"`
}
