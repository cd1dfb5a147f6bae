import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from './csv.ts'

describe('CSV', () => {
  it('quotes every field, doubling quotes inside; ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b,c'],
        ['say "hi"', 'two\nlines'],
        [' edge', ''],
      ]),
    ).toBe('"a","b,c"\r\n"say ""hi""","two\nlines"\r\n" edge",""\r\n')
  })

  it('makes cells that start like formulas into text', () => {
    expect(['=SUM(A1)', '+91 98', '-x', '@me', '\tx', '\rx', 'safe'].map(csvField)).toEqual([
      `"'=SUM(A1)"`,
      `"'+91 98"`,
      `"'-x"`,
      `"'@me"`,
      `"'\tx"`,
      `"'\rx"`,
      '"safe"',
    ])
  })

  it('keeps a field one cell in a semicolon locale, and catches formulas behind spaces or in full width (issue #32)', () => {
    // Unquoted, `;=1+1` was two cells where `;` separates lists, the second a formula.
    expect(csvField(';=1+1')).toBe('";=1+1"')
    expect(csvField('a;b')).toBe('"a;b"')
    expect(csvField('  =1+1')).toBe(`"'  =1+1"`)
    expect(['\uff1d1+1', '\uff0b1', '\uff0d1', '\uff20x'].map(csvField)).toEqual([
      `"'\uff1d1+1"`,
      `"'\uff0b1"`,
      `"'\uff0d1"`,
      `"'\uff20x"`,
    ])
    // Every cell of every row, the header included, is one quoted field.
    const text = toCsv([
      ['company_gst', 'x'],
      [';=1+1', '=2'],
    ])
    expect(text).toBe(`"company_gst","x"\r\n";=1+1","'=2"\r\n`)
    // Read as a spreadsheet reads it with either list separator: no cell starts a formula.
    for (const separator of [',', ';'])
      for (const cell of readCsv(text, separator)) expect(cell, `${separator} ${cell}`).not.toMatch(/^=/)
  })

  it('never writes control characters or bidi overrides: a printed export runs no terminal escape', () => {
    expect(csvField('a\u0000b\u0007c\u001b[31md\u202eе\u009b')).toBe(
      '"a\ufffdb\ufffdc\ufffd[31md\ufffdе\ufffd"',
    )
    expect(csvField('tab\tkept')).toBe('"tab\tkept"')
  })

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('')
  })
})

/** The cells a spreadsheet reads from `text` with `separator` as its list separator, honouring quotes. */
function readCsv(text: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === separator || c === '\r' || c === '\n') {
      if (c !== '\n') cells.push(cell)
      cell = ''
    } else cell += c
  }
  return cells
}
