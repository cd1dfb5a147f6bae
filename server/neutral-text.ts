/**
 * Text from a visitor, made harmless for where it is shown (a terminal, a spreadsheet): the
 * bidirectional controls that reorder what a reader sees (embeddings, overrides and isolates, U+202A
 * to U+202E and U+2066 to U+2069: a name that reads backwards, a "Trojan Source" line) never pass.
 * `site submissions` neutralises them in every output, the CSV export as the table and the JSON.
 */

/** The bidirectional embeddings, overrides and isolates, as a regular-expression class's contents. */
export const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069'

const BIDI = new RegExp(`[${BIDI_CONTROLS}]`, 'gu')

/** `text` with each bidirectional control replaced by U+FFFD, so the reader sees that one was there. */
export function withoutBidi(text: string): string {
  return text.replace(BIDI, '\ufffd')
}

/**
 * What JSON.stringify leaves as it is and a terminal acts on: the bidirectional controls, the C1
 * controls (U+0080 to U+009F: U+009B starts an escape sequence on some terminals) and the line and
 * paragraph separators.
 */
const JSON_UNSAFE = new RegExp(`[\\u0080-\\u009f\\u2028\\u2029${BIDI_CONTROLS}]`, 'gu')

/**
 * JSON.stringify(value, null, 2) with those characters written as `\uXXXX` escapes: the same JSON
 * value (a parser reads back exactly what was stored), shown safely wherever it is printed.
 */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    JSON_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
