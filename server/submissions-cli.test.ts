import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Command } from 'commander'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { register } from '../cli/commands/submissions.ts'
import { SiteError } from '../lib/errors.ts'
import { type NewSubmission, openStorage } from './storage.ts'
import { makeSite, type SiteFixture } from './testing.ts'

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let site: SiteFixture

const row = (id: string, receivedAt: string, rest: Partial<NewSubmission>): NewSubmission => ({
  id,
  receivedAt,
  kind: 'contact',
  product: null,
  payload: {},
  spam: false,
  clientHash: 'h',
  notify: [],
  ...rest,
})

beforeAll(async () => {
  site = await makeSite()
  const storage = await openStorage(site.data)
  await storage.insert([
    row('c1', '2025-02-27T10:00:00.000Z', {
      payload: { name: 'Asha Rao', email: 'asha@example.com', description: 'Quote "urgent", please\nthanks' },
    }),
    row('e1', '2025-03-01T00:00:00.000Z', {
      kind: 'enquiry',
      product: 'szephyr',
      payload: {
        product_name: 'szephyr',
        name: 'Ravi',
        email: 'ravi@example.com',
        phone: '9876543210',
        company_gst: '=1+1',
      },
    }),
    row('s1', '2025-03-02T08:00:00.000Z', { payload: { name: 'Bot', email: 'bot@example.com' }, spam: true }),
    row('w1', '2025-03-03T09:30:00.000Z', {
      kind: 'warranty',
      product: 'smazer',
      payload: { name: 'Meena', product: 'smazer', serial_number: 'SMZ-1' },
    }),
  ])
  await storage.close()
})

afterAll(() => site?.cleanup())

/** Runs `site submissions ...` in-process and returns what it wrote to stdout. */
async function run(...args: string[]): Promise<string> {
  const program = new Command('site').exitOverride()
  register(program)
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  try {
    await program.parseAsync(['submissions', ...args, '--data', site.data], { from: 'user' })
  } finally {
    spy.mockRestore()
  }
  return out
}

describe('site submissions export', () => {
  it('writes CSV with a header row, quoting, spam left out', async () => {
    expect(await run('export')).toBe(
      [
        'id,received_at,kind,product,name,email,phone,company_gst,description,serial_number',
        'c1,2025-02-27T10:00:00.000Z,contact,,Asha Rao,asha@example.com,,,"Quote ""urgent"", please\nthanks",',
        "e1,2025-03-01T00:00:00.000Z,enquiry,szephyr,Ravi,ravi@example.com,9876543210,'=1+1,,",
        'w1,2025-03-03T09:30:00.000Z,warranty,smazer,Meena,,,,,SMZ-1',
        '',
      ].join('\r\n'),
    )
  })

  it('includes and marks spam with --spam', async () => {
    const lines = (await run('export', '--spam')).split('\r\n')
    expect(lines[0]).toBe(
      'id,received_at,kind,product,spam,name,email,phone,company_gst,description,serial_number',
    )
    expect(lines.find((l) => l.startsWith('s1,'))).toBe(
      's1,2025-03-02T08:00:00.000Z,contact,,yes,Bot,bot@example.com,,,,',
    )
  })

  it('writes JSON, filtered by kind and date', async () => {
    const rows = JSON.parse(await run('export', '--format', 'json', '--since', '2025-03-01'))
    expect(rows.map((r: { id: string }) => r.id)).toEqual(['e1', 'w1'])
    expect(rows[0]).toEqual({
      id: 'e1',
      receivedAt: '2025-03-01T00:00:00.000Z',
      kind: 'enquiry',
      product: 'szephyr',
      payload: {
        product_name: 'szephyr',
        name: 'Ravi',
        email: 'ravi@example.com',
        phone: '9876543210',
        company_gst: '=1+1',
      },
      spam: false,
    })
    const warranty = JSON.parse(await run('export', '--format', 'json', '--kind', 'warranty'))
    expect(warranty.map((r: { id: string }) => r.id)).toEqual(['w1'])
    const later = JSON.parse(await run('export', '--format', 'json', '--since', '2025-02-28T23:00:00-01:00'))
    expect(later.map((r: { id: string }) => r.id)).toEqual(['e1', 'w1'])
  })

  it('writes to --out', async () => {
    const file = path.join(site.dir, 'out.csv')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await run('export', '--out', file)).toBe('')
    expect(errors).toHaveBeenCalledWith(`Wrote 3 submissions to ${file}.`)
    errors.mockRestore()
    expect((await readFile(file, 'utf8')).split('\r\n')[0]).toMatch(/^id,received_at,kind,product,/)
  })
})

describe('site submissions list', () => {
  it('prints a table and a count', async () => {
    const out = await run('list')
    const lines = out.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^Received \(UTC\)\s+Kind\s+Product\s+Name\s+Email\s+Phone\s+Message$/)
    expect(lines[2]).toMatch(
      /^2025-02-27 10:00 {2}contact .*Asha Rao .*asha@example\.com .*Quote "urgent", please thanks$/,
    )
    expect(out).not.toContain('Bot')
    expect(lines.at(-1)).toBe('3 submissions (contact 1, enquiry 1, warranty 1).')
  })
})

describe('bad flags', () => {
  it.each([
    [['export', '--kind', 'lead'], 'bad-kind', 'use one of: contact, enquiry, warranty.'],
    [['list', '--since', '2025-02-30'], 'bad-date', /^write a day as YYYY-MM-DD/],
    [['list', '--since', 'yesterday'], 'bad-date', /^write a day as YYYY-MM-DD/],
    [['export', '--format', 'xlsx'], 'bad-format', 'use --format csv or --format json.'],
  ] as const)('%j is a SiteError with a hint', async (args, code, hint) => {
    const error = await run(...args).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SiteError)
    expect((error as SiteError).code).toBe(code)
    expect((error as SiteError).hint).toMatch(hint)
  })

  it('says where it looked when there is no database', async () => {
    const program = new Command('site').exitOverride()
    register(program)
    const error = await program
      .parseAsync(['submissions', 'list', '--data', path.join(site.dir, 'none')], { from: 'user' })
      .catch((e: unknown) => e)
    expect((error as SiteError).code).toBe('no-submissions')
  })

  it('exits 1 from the real CLI with the message and the fix, without a stack', async () => {
    const result = await promisify(execFile)(
      process.execPath,
      ['bin/site.js', 'submissions', 'list', '--data', site.data, '--kind', 'nope'],
      { cwd: PROJECT },
    ).catch((e: { code: number; stdout: string; stderr: string }) => e)
    expect('code' in result ? result.code : 0).toBe(1)
    expect(result.stderr).toBe(
      '--kind "nope" is not a kind of submission.\nFix: use one of: contact, enquiry, warranty.\n',
    )
  })
})
