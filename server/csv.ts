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

/**
 * Control characters other than tab and line breaks (NUL, BEL, ESC and its terminal sequences) and
 * the bidirectional overrides that reorder what a reader sees become U+FFFD: an export printed to a
 * terminal or opened in a spreadsheet shows what was sent, and does nothing else.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** One field, neutralised and quoted as needed. */
export function csvField(value: string): string {
  const clean = value.replace(UNSAFE, '\ufffd')
  const safe = /^[=+\-@\t\r]/.test(clean) ? `'${clean}` : clean
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}
