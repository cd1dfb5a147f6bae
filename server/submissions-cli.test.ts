import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Command } from 'commander'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { register } from '../cli/commands/submissions.ts'
import { SiteError } from '../lib/errors.ts'
import { makeSite, type SiteFixture } from '../tests/server-fixtures.ts'
import { type NewSubmission, openStorage } from './storage.ts'

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

/** Runs `site submissions ...` in-process on the test's data and returns what it wrote to stdout. */
async function run(...args: string[]): Promise<string> {
  const { out, error } = await runAs(...args, '--data', site.data)
  if (error) throw error
  return out
}

describe('site submissions export', () => {
  it('writes CSV with a header row, every field quoted, spam left out', async () => {
    expect(await run('export')).toBe(
      [
        '"id","received_at","kind","product","name","email","phone","company_gst","description","serial_number"',
        '"c1","2025-02-27T10:00:00.000Z","contact","","Asha Rao","asha@example.com","","","Quote ""urgent"", please\nthanks",""',
        `"e1","2025-03-01T00:00:00.000Z","enquiry","szephyr","Ravi","ravi@example.com","9876543210","'=1+1","",""`,
        '"w1","2025-03-03T09:30:00.000Z","warranty","smazer","Meena","","","","","SMZ-1"',
        '',
      ].join('\r\n'),
    )
  })

  it('includes and marks spam with --spam', async () => {
    const lines = (await run('export', '--spam')).split('\r\n')
    expect(lines[0]).toBe(
      '"id","received_at","kind","product","spam","name","email","phone","company_gst","description","serial_number"',
    )
    expect(lines.find((l) => l.startsWith('"s1",'))).toBe(
      '"s1","2025-03-02T08:00:00.000Z","contact","","yes","Bot","bot@example.com","","","",""',
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
    expect((await readFile(file, 'utf8')).split('\r\n')[0]).toMatch(/^"id","received_at","kind","product",/)
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

describe('text that reorders what a reader sees (issue #47)', () => {
  // U+202E makes what follows read right to left: "moc.elpmaxe@evE" shows as a harmless address, and a
  // message can hide what it says. Stored as sent; no output of `site submissions` passes it on.
  const sneaky = 'Eve \u202etxt.exe\u202c and \u2066isolated\u2069'
  const BIDI = /[\u202a-\u202e\u2066-\u2069]/u

  it('never reaches the terminal: not from the table, the CSV or the JSON, and the JSON reads back as stored', async () => {
    const data = path.join(site.dir, 'bidi-data')
    const storage = await openStorage(data)
    await storage.insert([
      row('b1', '2025-03-04T10:00:00.000Z', {
        payload: { name: sneaky, email: 'eve@example.com', description: `Call me \u202e0010 555 1+` },
      }),
    ])
    await storage.close()
    const outputs = {
      list: await runAs('list', '--data', data),
      csv: await runAs('export', '--data', data),
      json: await runAs('export', '--format', 'json', '--data', data),
    }
    for (const [name, { out, error }] of Object.entries(outputs)) {
      expect(error, name).toBeUndefined()
      expect(out, name).toContain('Eve')
      expect(BIDI.test(out), name).toBe(false)
    }
    expect(outputs.list.out).toContain('Eve \ufffdtxt.exe\ufffd and')
    expect(JSON.parse(outputs.json.out)[0].payload.name).toBe(sneaky)
  })
})

describe('notifications not sent yet (issue #32)', () => {
  it('says on standard error how many e-mails and webhook calls wait, and since when; the output stays clean', async () => {
    const data = path.join(site.dir, 'waiting')
    const storage = await openStorage(data)
    await storage.insert([
      row('m1', '2025-03-04T08:00:00.000Z', { notify: ['mail', 'webhook'] }),
      row('m2', '2025-03-05T08:00:00.000Z', { notify: ['mail'] }),
    ])
    await storage.close()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { out, error } = await runAs('export', '--data', data)
      expect(error).toBeUndefined()
      expect(out.split('\r\n')).toHaveLength(4)
      expect(errors.mock.calls).toEqual([
        [
          '2 e-mails not sent yet (the oldest for a submission of 2025-03-04 08:00 UTC): an instance of `site serve` with SITE_SMTP_URL sends them; 1 webhook call not made yet (the oldest for a submission of 2025-03-04 08:00 UTC): an instance of `site serve` with --webhook makes them.',
        ],
      ])
      errors.mockClear()
      await runAs('list', '--data', site.data)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
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

  it('exits 1 with what is wrong and the fix when the folder holds a file that is not a database', async () => {
    const folder = path.join(site.dir, 'spreadsheet')
    await mkdir(folder, { recursive: true })
    await writeFile(path.join(folder, 'submissions.db'), 'name,email\nAsha,asha@example.com\n'.repeat(40))
    const result = await promisify(execFile)(
      process.execPath,
      ['bin/site.js', 'submissions', 'list', '--data', folder],
      { cwd: PROJECT },
    ).catch((e: { code: number; stdout: string; stderr: string }) => e)
    expect('code' in result ? result.code : 0).toBe(1)
    expect(result.stderr).toBe(
      `${path.join(folder, 'submissions.db')} is not a SQLite database (damaged, or another program's file); it was left as it is.\n` +
        'Fix: move it aside to start a new one, or pass the folder `site serve` stores into with --data DIR.\n',
    )
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

/** Runs `site submissions ...` in-process exactly as given; returns stdout, or the error it threw. */
async function runAs(...args: string[]): Promise<{ out: string; error?: unknown }> {
  const program = new Command('site').exitOverride()
  register(program)
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  try {
    await program.parseAsync(['submissions', ...args], { from: 'user' })
    return { out }
  } catch (error) {
    return { out, error }
  } finally {
    spy.mockRestore()
  }
}

describe('where and what it reads', () => {
  it('lists spam too with --spam, marked in a Spam column', async () => {
    const lines = (await run('list', '--spam')).trimEnd().split('\n')
    expect(lines[0]).toMatch(/\s+Message\s+Spam$/)
    expect(lines.find((l) => l.includes('Bot'))).toMatch(/\s+yes$/)
    expect(lines.at(-1)).toMatch(/^4 submissions/)
  })

  it('reads data/ under --root, and data/ in this project without --root or --data', async () => {
    expect((await runAs('export', '--root', site.dir)).out).toMatch(/^"id","received_at",/)
    const { error } = await runAs('list', '--root', path.join(site.dir, 'elsewhere'))
    expect((error as Error).message).toBe(
      `There is no submissions database at ${path.join(site.dir, 'elsewhere', 'data', 'submissions.db')}.`,
    )
    // Without flags it reads this project's data/: on a fresh clone there is none (and it says where it
    // looked); after `npm start` there is one, and it lists it.
    const bare = await runAs('list')
    const projectDb = path.join(PROJECT, 'data', 'submissions.db')
    if (existsSync(projectDb)) expect(bare.error).toBeUndefined()
    else expect((bare.error as Error).message).toBe(`There is no submissions database at ${projectDb}.`)
  })

  it('names --database or SITE_DATABASE_URL when the URL given is not PostgreSQL', async () => {
    const flag = await runAs('list', '--data', site.data, '--database', 'mysql://db/site')
    expect((flag.error as SiteError).message).toBe('--database is not a PostgreSQL URL.')
    vi.stubEnv('SITE_DATABASE_URL', 'mysql://db/site')
    try {
      const env = await runAs('list', '--data', site.data)
      expect((env.error as SiteError).message).toBe('SITE_DATABASE_URL is not a PostgreSQL URL.')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it.each([
    [['list', '--since', '2025-13-01'], '--since "2025-13-01" is not a date.'],
    [['list', '--since', '2025-03-01T09:30'], '--since "2025-03-01T09:30" is not a date.'],
    [['list', '--since', 'March 1, 2025'], '--since "March 1, 2025" is not a date.'],
    [['list', '--kind', 'lead'], '--kind "lead" is not a kind of submission.'],
    [['export', '--format', 'xlsx'], '--format "xlsx" is not supported.'],
  ])('%j says which value it cannot read', async (args, message) => {
    const { error } = await runAs(...args, '--data', site.data)
    expect(error).toBeInstanceOf(SiteError)
    expect((error as SiteError).message).toBe(message)
  })

  it('explains each subcommand and option in --help', async () => {
    const help = async (...args: string[]) => {
      const { out, error } = await runAs(...args, '--help')
      expect((error as { code?: string }).code).toBe('commander.helpDisplayed')
      return out.replace(/\s+/g, ' ')
    }
    const readOptions = [
      '--data <dir> folder holding submissions.db (default: data/ in the project)',
      '--kind <kind> only this kind: contact, enquiry, warranty',
      '--since <date> only submissions received on or after this day (YYYY-MM-DD) or ISO time',
      '--spam include submissions flagged as spam',
      '--root <dir> project folder holding data/ (default: this project)',
      '--database <url> read from PostgreSQL instead of SQLite (env SITE_DATABASE_URL)',
      'Spam (a filled honeypot field) is left out unless --spam is given',
    ]
    const top = await help()
    expect(top).toContain('Read the form submissions that `site serve` stored: list them or export them.')
    expect(top).toContain('list [options] Print the submissions as a table, oldest first.')
    expect(top).toContain(
      'export [options] Write the submissions as CSV (with a header row) or JSON, oldest first.',
    )
    const list = await help('list')
    for (const text of [...readOptions, 'Example: site submissions list --kind enquiry --since 2025-03-01'])
      expect(list).toContain(text)
    const exported = await help('export')
    for (const text of [
      ...readOptions,
      '--format <format> csv or json (default: "csv")',
      '--out <file> write to this file instead of standard output',
      "CSV columns: id, received_at, kind, product, (spam), then the form fields. Every field is quoted, so a spreadsheet keeps it one cell whether its list separator is a comma or a semicolon; cells that start like a formula (=, +, -, @, also after spaces) get a leading ' so they open as text.",
      'Example: site submissions export --format csv --kind enquiry --out enquiries.csv',
    ])
      expect(exported).toContain(text)
  })
})
