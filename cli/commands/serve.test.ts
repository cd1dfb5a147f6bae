import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SiteError } from '../../lib/errors.ts'
import { openStorage, type Undelivered } from '../../server/storage.ts'
import { captureConsole, unsetEnv } from '../../tests/console.ts'
import { eventually, newSubmission, postJson, smtpSink, VALID } from '../../tests/server-fixtures.ts'
import { createProgram } from '../index.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const ENV = ['SITE_URL', 'SITE_WEBHOOK_URL', 'SITE_SMTP_URL', 'SITE_DATABASE_URL'] as const
let root = ''
let lines: string[] = []

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-serve-'))
  await cp(FIXTURE, root, { recursive: true })
  await mkdir(path.join(root, 'dist/client'), { recursive: true })
  await writeFile(
    path.join(root, 'dist/client/index.html'),
    '<!doctype html><title>Home</title><h1>Home</h1>',
  )
  unsetEnv(ENV)
  lines = captureConsole().out
  vi.spyOn(process, 'cwd').mockReturnValue(root)
})

afterEach(async () => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  await rm(root, { recursive: true, force: true })
})

/** Runs `site serve` in this process, returns what it printed, then stops it with SIGTERM. */
async function serve(args: string[], whileUp: (url: string) => Promise<void> = async () => {}) {
  lines.length = 0
  await createProgram().parseAsync(['serve', '--port', '0', '--root', root, ...args], { from: 'user' })
  const url = /at (http:\/\/\S+)$/.exec(lines[0] ?? '')?.[1]
  const printed = [...lines]
  try {
    if (url) await whileUp(url)
  } finally {
    process.emit('SIGTERM', 'SIGTERM')
    await vi.waitFor(() => expect(lines.at(-1)).toBe('Stopped.'), { timeout: 5000 })
  }
  return { url: url ?? '', printed }
}

async function refusal(args: string[], project = ['--root', root]): Promise<SiteError> {
  return (await createProgram()
    .parseAsync(['serve', '--port', '0', ...project, ...args], { from: 'user' })
    .then(() => {
      throw new Error('site serve started')
    })
    .catch((e: unknown) => e)) as SiteError
}

describe('site serve, started in the test', () => {
  it('serves dist/client of the project and stores under data/, saying where, the rate limit and the CORS origin', async () => {
    const { url, printed } = await serve([], async (at) => {
      const page = await fetch(`${at}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<h1>Home</h1>')
    })
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(printed).toEqual([
      `Serving dist/client and the intake API at ${url}`,
      `Submissions go to ${path.join('data', 'submissions.db')}. Rate limit: 30 requests per minute per client. CORS: https://example.test.`,
    ])
    expect(lines.slice(-2)).toEqual([
      'SIGTERM: finishing requests in flight, then closing the database...',
      'Stopped.',
    ])
  })

  it('shows the folder it runs in as "." and a folder outside it in full; --rate-limit 0 turns the limit off', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'site-serve-data-'))
    await cp(path.join(root, 'dist/client/index.html'), path.join(root, 'index.html'))
    try {
      const { url, printed } = await serve(['--dist', root, '--data', data, '--rate-limit', '0'])
      expect(printed).toEqual([
        `Serving . and the intake API at ${url}`,
        `Submissions go to ${path.join(data, 'submissions.db')}. Rate limit: off. CORS: https://example.test.`,
      ])
    } finally {
      await rm(data, { recursive: true, force: true })
    }
  })

  it('allows CORS for the same origin only when neither SITE_URL nor siteUrl names one', async () => {
    await writeFile(
      path.join(root, 'content/site.yaml'),
      (await import('node:fs'))
        .readFileSync(path.join(root, 'content/site.yaml'), 'utf8')
        .replace(/^siteUrl:.*\n/m, ''),
    )
    const { printed } = await serve([])
    expect(printed[1]).toMatch(/ CORS: same origin only\.$/)
  })

  it('says new submissions go to the webhook, from --webhook or SITE_WEBHOOK_URL (trimmed)', async () => {
    expect((await serve(['--webhook', 'https://hooks.example.test/site'])).printed[1]).toMatch(
      /^Submissions go to \S+; new ones are sent to the webhook\. Rate limit/,
    )
    process.env.SITE_WEBHOOK_URL = '  https://hooks.example.test/site  '
    expect((await serve([])).printed[1]).toMatch(/; new ones are sent to the webhook\. /)
    process.env.SITE_WEBHOOK_URL = '   '
    expect((await serve([])).printed[1]).toMatch(/^Submissions go to \S+\. Rate limit/)
  })

  it('refuses a webhook that is not a full address, naming where it came from', async () => {
    const flag = await refusal(['--webhook', 'hooks.example.test'])
    expect(flag.message).toMatch(/^--webhook /)
    expect(flag.hint).toBe('give the full address, e.g. https://hooks.example.com/site.')
    process.env.SITE_WEBHOOK_URL = 'hooks.example.test'
    expect((await refusal([])).message).toMatch(/^SITE_WEBHOOK_URL /)
  })

  it('refuses a database URL that is not PostgreSQL, naming the flag or the variable', async () => {
    expect((await refusal(['--database', 'mysql://db/site'])).message).toBe(
      '--database is not a PostgreSQL URL.',
    )
    process.env.SITE_DATABASE_URL = 'mysql://db/site'
    expect((await refusal([])).message).toBe('SITE_DATABASE_URL is not a PostgreSQL URL.')
  })

  it('refuses a bad --port or --rate-limit with an example, in this project too', async () => {
    const port = await refusal(['--port', '70000'], [])
    expect(port.hint).toBe('e.g. --port 8080')
    const rate = await refusal(['--rate-limit', 'many'])
    expect(rate.hint).toBe('e.g. --rate-limit 60')
  })

  it('e-mails new submissions when SITE_SMTP_URL is set and site.yaml names recipients', async () => {
    process.env.SITE_SMTP_URL = 'smtp://127.0.0.1:1'
    await appendFile(
      path.join(root, 'content/site.yaml'),
      'notifications:\n  from: web@example.test\n  contact: [support@example.test]\n',
    )
    const { printed } = await serve([])
    expect(printed).toHaveLength(3)
    expect(printed[2]).toBe(
      'New submissions are e-mailed to the recipients in content/site.yaml (notifications:).',
    )
  })

  it('hands each new submission to the webhook and e-mails it to the recipients', async () => {
    const mailbox = await smtpSink()
    const hooked: string[] = []
    const hook = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        hooked.push(body)
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    try {
      process.env.SITE_SMTP_URL = mailbox.url
      await appendFile(
        path.join(root, 'content/site.yaml'),
        'notifications:\n  from: web@example.test\n  contact: [support@example.test]\n',
      )
      const { port } = hook.address() as AddressInfo
      await serve(['--webhook', `http://127.0.0.1:${port}/site`], async (url) => {
        const response = await postJson(`${url}/api/contactinformations`, VALID['/api/contactinformations'])
        expect(response.status).toBe(201)
        const { id } = (await response.json()) as { id: string }
        await eventually(() => hooked.some((body) => body.includes(id)), 'the webhook call')
        await eventually(() => mailbox.received.some((r) => r.mail.text?.includes(id)), 'the e-mail')
      })
      expect(mailbox.received.map((r) => r.envelope)).toEqual([['support@example.test']])
    } finally {
      await new Promise((resolve) => hook.close(resolve))
      await mailbox.close()
    }
  })

  it('without SITE_SMTP_URL, keeps new submissions for e-mail and says how many wait for an instance that can send them (issue #32)', async () => {
    await appendFile(
      path.join(root, 'content/site.yaml'),
      'notifications:\n  from: web@example.test\n  contact: [support@example.test]\n',
    )
    const store = await openStorage(path.join(root, 'data'))
    await store.insert([newSubmission('waiting', { notify: ['mail'] })])
    await store.close()
    let stored: Undelivered = {}
    const { printed } = await serve([], async (url) => {
      expect(
        (await postJson(`${url}/api/contactinformations`, VALID['/api/contactinformations'])).status,
      ).toBe(201)
      const reader = await openStorage(path.join(root, 'data'), { readonly: true })
      stored = await reader.undelivered()
      await reader.close()
    })
    expect(printed.slice(2)).toEqual([
      'SITE_SMTP_URL is not set, so this instance sends no e-mail: new submissions are kept for the recipients in content/site.yaml, and an instance with SITE_SMTP_URL sends them.',
      '1 e-mail not sent yet (the oldest for a submission of 2025-03-01 10:00 UTC): an instance of `site serve` with SITE_SMTP_URL sends them.',
    ])
    expect(stored.mail?.count).toBe(2)
  })

  it('says no e-mail is sent when SITE_SMTP_URL is set but site.yaml names no recipients', async () => {
    process.env.SITE_SMTP_URL = 'smtp://127.0.0.1:1'
    const { printed } = await serve([])
    expect(printed).toHaveLength(3)
    expect(printed[2]).toBe(
      'SITE_SMTP_URL is set but content/site.yaml names no recipients under notifications:; no e-mail is sent.',
    )
  })
})
