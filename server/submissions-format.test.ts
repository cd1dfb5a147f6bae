import { describe, expect, it } from 'vitest'
import type { Submission } from './storage.ts'
import * as format from './submissions-format.ts'

const row = (over: Partial<Submission> & { payload: Record<string, unknown> }): Submission => ({
  id: 'id-1',
  receivedAt: '2025-03-01T10:15:42.000Z',
  kind: 'contact',
  product: null,
  spam: false,
  ...over,
})

describe('the table of site submissions list', () => {
  it('cuts a long value to its column with "…", pads short ones, and counts one submission', async () => {
    const { submissionsTable } = format
    const message = 'The smart panel board resets after every power cut, twice a day.'
    const out = submissionsTable([
      row({ payload: { name: 'Ravi Kumar', email: 'ravi@example.com', description: message } }),
    ])
    const [header, rule, line, blank, count] = out.split('\n')
    expect(header).toBe(
      'Received (UTC)    Kind      Product                 Name                  Email                         Phone       Message',
    )
    expect(rule?.startsWith(`${'-'.repeat(16)}  ${'-'.repeat(8)}  `)).toBe(true)
    // The message column is 36 characters: 35 of the text and the ellipsis.
    expect(line).toBe(
      [
        '2025-03-01 10:15',
        'contact'.padEnd(8),
        ''.padEnd(22),
        'Ravi Kumar'.padEnd(20),
        'ravi@example.com'.padEnd(28),
        ''.padEnd(10),
        `${[...message].slice(0, 35).join('')}…`,
      ].join('  '),
    )
    expect(blank).toBe('')
    expect(count).toBe('1 submission (contact 1).')
  })

  it('shows a Spam column only when asked, and counts each kind', async () => {
    const { submissionsTable } = format
    const rows = [
      row({ id: 'a', kind: 'enquiry', product: 'szephyr', payload: { name: 'Asha', phone: '9876543210' } }),
      row({ id: 'b', kind: 'contact', spam: true, payload: { name: 'Bot' } }),
      row({ id: 'c', kind: 'enquiry', product: 'smazer', payload: { name: 'Lakshmi' } }),
    ]
    expect(submissionsTable(rows).split('\n')[0]).not.toContain('Spam')
    const lines = submissionsTable(rows, { spam: true }).trimEnd().split('\n')
    expect(lines[0]?.endsWith('Message                               Spam')).toBe(true)
    expect(lines[3]?.endsWith('yes')).toBe(true)
    // Not spam: the Spam cell is empty, so the line ends with the phone number.
    expect(lines[2]?.endsWith('9876543210')).toBe(true)
    expect(lines[2]).toContain('szephyr')
    expect(lines[2]).toContain('9876543210')
    expect(lines.at(-1)).toBe('3 submissions (enquiry 2, contact 1).')
    expect(submissionsTable([]).trimEnd().split('\n').at(-1)).toBe('0 submissions.')
  })

  it('never passes control characters from a visitor to the terminal', async () => {
    const { submissionsTable } = format
    const out = submissionsTable([
      row({ payload: { name: '\u0007Eve\u001b[2J\r\nX', description: 'a \t b' } }),
    ])
    expect(out).not.toMatch(/\p{Cc}(?<!\n)/u)
    // The Name column starts after Received, Kind and Product (16 + 8 + 22 and two spaces after each):
    // a control character at the start of the name is dropped, not left as a space that shifts it.
    expect(out.split('\n')[2]?.slice(52)).toMatch(/^Eve \[2J X /)
    // A run of spaces and tabs is one space, so the columns stay put.
    expect(out.split('\n')[2]).toMatch(/ a b *$/)
  })
})

describe('payloadColumns', () => {
  it('puts known fields in form order, then others as first seen, never the product', async () => {
    const { payloadColumns } = format
    const rows = [
      row({ payload: { zeta: 1, email: 'a@example.com', product_name: 'szephyr' } }),
      row({ payload: { alpha: 2, name: 'Asha', product: 'x' } }),
    ]
    expect(payloadColumns(rows)).toEqual(['name', 'email', 'zeta', 'alpha'])
  })
})

describe('submissionsCsv', () => {
  it('has a spam column of yes and no only when asked, and the product in its own column', async () => {
    const { submissionsCsv } = format
    const rows = [
      row({ id: 'a', kind: 'enquiry', product: 'szephyr', payload: { name: 'Asha', product_name: 'x' } }),
      row({ id: 'b', spam: true, payload: { name: 'Bot', phone: null } }),
    ]
    expect(submissionsCsv(rows, { spam: true }).trimEnd().split(/\r?\n/)).toEqual([
      '"id","received_at","kind","product","spam","name","phone"',
      '"a","2025-03-01T10:15:42.000Z","enquiry","szephyr","no","Asha",""',
      '"b","2025-03-01T10:15:42.000Z","contact","","yes","Bot",""',
    ])
    expect(submissionsCsv(rows).split(/\r?\n/)[0]).toBe('"id","received_at","kind","product","name","phone"')
  })

  it('writes a value that is not text as its JSON', async () => {
    const { submissionsCsv } = format
    const rows = [row({ id: 'a', payload: { name: 'Asha', copies: 3, tags: ['a', 'b'], consent: true } })]
    expect(submissionsCsv(rows).trimEnd().split(/\r?\n/)).toEqual([
      '"id","received_at","kind","product","name","copies","tags","consent"',
      '"a","2025-03-01T10:15:42.000Z","contact","","Asha","3","[""a"",""b""]","true"',
    ])
  })
})

describe('submissionsJson', () => {
  it('escapes what a terminal acts on (C1 controls, line separators, bidirectional controls) and reads back as stored', () => {
    const name = 'a\u009b2Jb\u2028c\u202ed\u2069'
    const text = format.submissionsJson([row({ payload: { name } })])
    expect(text).toContain('"name": "a\\u009b2Jb\\u2028c\\u202ed\\u2069"')
    expect(text).not.toMatch(/[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u)
    expect(JSON.parse(text)[0].payload.name).toBe(name)
  })
})
