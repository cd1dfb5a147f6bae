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

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('')
  })

  it('never writes control characters to the terminal, even from rows stored before they were removed', () => {
    expect(csvField('red\u001b[31m alert\u0007\u202e')).toBe('red[31m alert')
  })
})
