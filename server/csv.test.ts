import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from './csv.ts'

describe('CSV', () => {
  it('quotes commas, quotes, line breaks and edge spaces; ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b,c'],
        ['say "hi"', 'two\nlines'],
        [' edge', 'plain'],
      ]),
    ).toBe('a,"b,c"\r\n"say ""hi""","two\nlines"\r\n" edge",plain\r\n')
  })

  it('makes cells that start like formulas into text', () => {
    expect(['=SUM(A1)', '+91 98', '-x', '@me', 'safe'].map(csvField)).toEqual([
      "'=SUM(A1)",
      "'+91 98",
      "'-x",
      "'@me",
      'safe',
    ])
  })

  it('never writes control characters or bidi overrides: a printed export runs no terminal escape', () => {
    expect(csvField('a\u0000b\u0007c\u001b[31md\u202eе\u009b')).toBe(
      'a\ufffdb\ufffdc\ufffd[31md\ufffdе\ufffd',
    )
    expect(csvField('tab\tkept')).toBe('tab\tkept')
  })

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('')
  })
})
