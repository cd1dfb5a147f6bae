import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeMail, mailDeliverer, type Notifications, oneLine, parseSmtpUrl } from './mail.ts'
import type { RunningServer } from './serve.ts'
import {
  eventually,
  makeSite,
  postJson,
  type Received,
  type SiteFixture,
  smtpSink,
  startFixtureServer,
  VALID,
} from './testing.ts'

const NOTIFICATIONS: Notifications = {
  from: 'website@example.com',
  to: { contact: ['support@example.com'], enquiry: ['sales@example.com', 'lead@example.com'] },
}
const OPTIONS = { company: 'Kaveri Electronics', productNames: { szephyr: 'SZephyr' } }

let site: SiteFixture
let mailbox: Awaited<ReturnType<typeof smtpSink>>
let server: RunningServer
const lines: string[] = []

beforeAll(async () => {
  site = await makeSite()
  mailbox = await smtpSink()
  server = await startFixtureServer(site, {
    deliverers: {
      mail: await mailDeliverer({ smtpUrl: mailbox.url, notifications: NOTIFICATIONS, ...OPTIONS }),
    },
    outbox: { baseDelayMs: 20, maxDelayMs: 40 },
    log: (line) => lines.push(line),
  })
})

afterAll(async () => {
  await server?.close()
  await mailbox?.close()
  await site?.cleanup()
})

describe('e-mail for new submissions', () => {
  it('sends an enquiry to its recipients: product name, fields, plain text and HTML, Reply-To the visitor', async () => {
    const body = { ...VALID['/api/productregistration'], description: 'Need <b>40</b> units & a quote' }
    const response = await postJson(`${server.url}/api/productregistration`, body)
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    await eventually(() => mailbox.received.some((r) => r.mail.text?.includes(id)), 'the enquiry e-mail')
    const { envelope, mail } = mailbox.received.find((r) => r.mail.text?.includes(id)) as Received
    expect(envelope.sort()).toEqual(['lead@example.com', 'sales@example.com'])
    expect(mail.subject).toBe('Product enquiry: SZephyr from Ravi Kumar (Kaveri Electronics)')
    expect(mail.from?.value).toEqual([{ name: 'Kaveri Electronics website', address: 'website@example.com' }])
    expect(mail.replyTo?.value).toEqual([{ name: 'Ravi Kumar', address: 'ravi.kumar@example.com' }])
    expect(mail.messageId).toBe(`<${id}@example.com>`)
    expect(mail.text).toContain('Product:        SZephyr')
    expect(mail.text).toContain('Phone:          9876543210')
    expect(mail.text).toContain('Company:        Kumar Traders')
    expect(mail.html).toContain('Need &#60;b&#62;40&#60;/b&#62; units &#38; a quote')
    expect(mail.html).not.toContain('<b>40</b>')
  })

  it('sends nothing for a kind without recipients, and marks it done', async () => {
    const before = mailbox.received.length
    const response = await postJson(
      `${server.url}/api/warrantyregistration`,
      VALID['/api/warrantyregistration'],
    )
    expect(response.status).toBe(201)
    for (let i = 0; i < 100 && (await server.storage.nextOutboxAttempt(['mail'])) !== undefined; i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await server.storage.nextOutboxAttempt(['mail'])).toBeUndefined()
    expect(mailbox.received.length).toBe(before)
  })

  it('cannot be made to add a header or a recipient', async () => {
    const deliver = await mailDeliverer({ smtpUrl: mailbox.url, notifications: NOTIFICATIONS, ...OPTIONS })
    const id = 'injected-1'
    await deliver(
      {
        id: 1,
        channel: 'mail',
        attempts: 0,
        submission: {
          id,
          receivedAt: '2025-03-01T10:00:00.000Z',
          kind: 'contact',
          product: null,
          payload: {
            name: 'Eve\r\nBcc: victim@evil.example\r\nX-Evil: 1',
            email: 'eve@example.com\r\nCc: other@evil.example',
            description: 'hi',
          },
          spam: false,
        },
      },
      new AbortController().signal,
    )
    const { envelope, mail } = mailbox.received.find((r) => r.mail.text?.includes(id)) as Received
    expect(envelope).toEqual(['support@example.com'])
    expect(mail.headers.has('bcc')).toBe(false)
    expect(mail.headers.has('cc')).toBe(false)
    expect(mail.headers.has('x-evil')).toBe(false)
    expect(mail.subject).toBe(
      'Contact message from Eve Bcc: victim@evil.example X-Evil: 1 (Kaveri Electronics)',
    )
  })

  it('a dead SMTP server delays mail, never a submission, and the log names no person', async () => {
    const dead = await smtpSink()
    await dead.close()
    const logged: string[] = []
    const other = await startFixtureServer(site, {
      dataDir: `${site.data}-dead-smtp`,
      deliverers: {
        mail: await mailDeliverer({ smtpUrl: dead.url, notifications: NOTIFICATIONS, ...OPTIONS }),
      },
      outbox: { baseDelayMs: 20, maxDelayMs: 40 },
      log: (line) => logged.push(line),
    })
    try {
      const response = await postJson(
        `${other.url}/api/contactinformations`,
        VALID['/api/contactinformations'],
      )
      expect(response.status).toBe(201)
      await eventually(() => logged.some((l) => l.startsWith('mail delivery failed')), 'a failed attempt')
      expect(await other.storage.nextOutboxAttempt(['mail'])).toBeDefined()
      const failures = logged.filter((l) => l.startsWith('mail delivery failed'))
      expect(failures[0]).toMatch(/^mail delivery failed \(attempt 1, SMTP E[A-Z]+\); next try in 0 s$/)
      for (const line of logged) expect(line).not.toMatch(/asha|Asha Rao/i)
    } finally {
      await other.close()
    }
  })
})

describe('message parts', () => {
  it('keeps one line of text: no control or bidi characters', () => {
    expect(oneLine('a\r\nb\u0000c\u202Ed\t e')).toBe('a b c d e')
    expect(
      composeMail(
        { id: 'x', receivedAt: 'r', kind: 'contact', product: null, payload: { name: 'A\nB' }, spam: false },
        OPTIONS,
      ).subject,
    ).toBe('Contact message from A B (Kaveri Electronics)')
  })

  it('reads SITE_SMTP_URL and says what to write', () => {
    expect(parseSmtpUrl(undefined)).toBeUndefined()
    expect(parseSmtpUrl(' smtps://u:p@mail.example.com:465 ')).toBe('smtps://u:p@mail.example.com:465')
    expect(() => parseSmtpUrl('mail.example.com')).toThrow('SITE_SMTP_URL is not an SMTP URL.')
  })
})
