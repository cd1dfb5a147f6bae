import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import {
  eventually,
  makeSite,
  postJson,
  type Received,
  type SiteFixture,
  smtpSink,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import * as mailModule from './mail.ts'
import { composeMail, mailDeliverer, mailKinds, type Notifications, oneLine, parseSmtpUrl } from './mail.ts'
import type { RunningServer } from './serve.ts'
import type { Submission } from './storage.ts'

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
    mailKinds: mailKinds(NOTIFICATIONS),
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

  it('is recorded by an instance that cannot send it, and sent by one that can (issue #32)', async () => {
    const data = `${site.data}-drift`
    // Started without SITE_SMTP_URL, beside an instance that has it: the two share one store.
    const withoutSmtp = await startFixtureServer(site, { dataDir: data, mailKinds: mailKinds(NOTIFICATIONS) })
    let id: string
    try {
      const response = await postJson(
        `${withoutSmtp.url}/api/contactinformations`,
        VALID['/api/contactinformations'],
      )
      expect(response.status).toBe(201)
      id = ((await response.json()) as { id: string }).id
      expect((await withoutSmtp.storage.undelivered()).mail?.count).toBe(1)
    } finally {
      await withoutSmtp.close()
    }
    const withSmtp = await startFixtureServer(site, {
      dataDir: data,
      mailKinds: mailKinds(NOTIFICATIONS),
      deliverers: {
        mail: await mailDeliverer({ smtpUrl: mailbox.url, notifications: NOTIFICATIONS, ...OPTIONS }),
      },
    })
    try {
      await eventually(() => mailbox.received.some((r) => r.mail.text?.includes(id)), 'the e-mail')
      expect(mailbox.received.find((r) => r.mail.text?.includes(id))?.envelope).toEqual([
        'support@example.com',
      ])
    } finally {
      await withSmtp.close()
    }
  })

  it('names the kinds to e-mail: those with recipients', () => {
    expect(mailKinds(NOTIFICATIONS)).toEqual(['contact', 'enquiry'])
    expect(mailKinds({ from: 'a@example.com', to: { warranty: [] } })).toEqual([])
    expect(mailKinds(undefined)).toEqual([])
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
      mailKinds: mailKinds(NOTIFICATIONS),
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
    // Without a name (no form allows that, but a stored row is not re-validated) the subject has no "from".
    expect(
      composeMail(
        {
          id: 'x',
          receivedAt: 'r',
          kind: 'contact',
          product: null,
          payload: { name: '\u0007' },
          spam: false,
        },
        OPTIONS,
      ).subject,
    ).toBe('Contact message (Kaveri Electronics)')
  })

  it('reads SITE_SMTP_URL and says what to write', () => {
    expect(parseSmtpUrl(undefined)).toBeUndefined()
    expect(parseSmtpUrl(' smtps://u:p@mail.example.com:465 ')).toBe('smtps://u:p@mail.example.com:465')
    expect(() => parseSmtpUrl('mail.example.com')).toThrow('SITE_SMTP_URL is not an SMTP URL.')
  })
})

const RECEIVED = '2025-03-01T10:00:00.000Z'

describe('what the e-mail says', () => {
  it('an enquiry lists the product by name, then each field under its label, the time and the reference', async () => {
    const mail = mailModule
    const submission: Submission = {
      id: 'enq-1',
      receivedAt: RECEIVED,
      kind: 'enquiry',
      product: 'szephyr',
      payload: {
        product_name: 'szephyr',
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        phone: '9876543210',
        company_name: 'Kumar Traders',
        company_gst: '29ABCDE1234F1Z5',
        description: 'Need 40 units',
        referrer: 'fair',
      },
      spam: false,
    }
    const composed = mail.composeMail(submission, OPTIONS)
    expect(composed.subject).toBe('Product enquiry: SZephyr from Ravi Kumar (Kaveri Electronics)')
    expect(composed.text).toBe(
      [
        'Product enquiry received through the website.',
        '',
        'Product:        SZephyr',
        'Name:           Ravi Kumar',
        'Email:          ravi@example.com',
        'Phone:          9876543210',
        'Company:        Kumar Traders',
        'Company GST:    29ABCDE1234F1Z5',
        'Message:        Need 40 units',
        'referrer:       fair',
        `Received (UTC): ${RECEIVED}`,
        'Reference:      enq-1',
        '',
        'Reply to this e-mail to answer the visitor.',
        '',
      ].join('\n'),
    )
    const row = (label: string, value: string) =>
      `<tr><th align="left" valign="top">${label}</th><td>${value}</td></tr>`
    expect(composed.html).toBe(
      [
        '<!doctype html><html><body style="font-family:sans-serif">',
        '<p>Product enquiry received through the website.</p>',
        '<table cellpadding="4">',
        row('Product', 'SZephyr'),
        row('Name', 'Ravi Kumar'),
        row('Email', 'ravi@example.com'),
        row('Phone', '9876543210'),
        row('Company', 'Kumar Traders'),
        row('Company GST', '29ABCDE1234F1Z5'),
        row('Message', 'Need 40 units'),
        row('referrer', 'fair'),
        row('Received (UTC)', RECEIVED),
        row('Reference', 'enq-1'),
        '</table>',
        '<p>Reply to this e-mail to answer the visitor.</p>',
        '</body></html>',
      ].join('\n'),
    )
    expect(composed.replyTo).toEqual({ name: 'Ravi Kumar', address: 'ravi@example.com' })
  })

  it('a warranty activation names the product once and labels serial number and purchase date', async () => {
    const mail = mailModule
    const composed = mail.composeMail(
      {
        id: 'war-1',
        receivedAt: RECEIVED,
        kind: 'warranty',
        product: 'smazer',
        payload: { name: 'Meena', product: 'smazer', serial_number: 'SMZ-1', purchase_date: '2024-05-01' },
        spam: false,
      },
      OPTIONS,
    )
    expect(composed.subject).toBe('Warranty activation: smazer from Meena (Kaveri Electronics)')
    expect(composed.text.split('\n').slice(0, 6)).toEqual([
      'Warranty activation received through the website.',
      '',
      'Product:        smazer',
      'Name:           Meena',
      'Serial number:  SMZ-1',
      'Purchase date:  2024-05-01',
    ])
    expect(composed.html).toContain('<p>Warranty activation received through the website.</p>')
  })

  it('a contact message escapes what the visitor wrote in the HTML', async () => {
    const mail = mailModule
    const composed = mail.composeMail(
      {
        id: 'c-1',
        receivedAt: RECEIVED,
        kind: 'contact',
        product: null,
        payload: { name: 'Asha', description: `<b>"x" & 'y'</b>` },
        spam: false,
      },
      OPTIONS,
    )
    expect(composed.subject).toBe('Contact message from Asha (Kaveri Electronics)')
    expect(composed.text).toContain('Message:        <b>"x" & \'y\'</b>')
    expect(composed.html).toContain('<td>&#60;b&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/b&#62;</td>')
    expect(composed.replyTo).toBeUndefined()
  })

  it('only a text e-mail address becomes the Reply-To', async () => {
    const mail = mailModule
    const composed = mail.composeMail(
      {
        id: 'c-2',
        receivedAt: RECEIVED,
        kind: 'contact',
        product: null,
        payload: { name: 'A', email: 5 },
        spam: false,
      },
      OPTIONS,
    )
    expect(composed.replyTo).toBeUndefined()
  })

  it('writes numbers and objects as text, leaves out null and undefined, and trims', () => {
    expect(oneLine(42)).toBe('42')
    expect(oneLine({ a: 1 })).toBe('{"a":1}')
    expect(oneLine(null)).toBe('')
    expect(oneLine(undefined)).toBe('')
    expect(oneLine('  a \n ')).toBe('a')
  })
})

describe('sending', () => {
  const contact = (id: string): Submission => ({
    id,
    receivedAt: RECEIVED,
    kind: 'contact',
    product: null,
    payload: { name: 'Asha', email: 'asha@example.com', description: 'hi' },
    spam: false,
  })
  const entry = (submission: Submission) => ({ id: 1, channel: 'mail' as const, attempts: 0, submission })

  it('marks each message with its submission id, and its Message-ID with the sender domain', async () => {
    const mail = mailModule
    const sink = await smtpSink()
    try {
      const deliver = await mail.mailDeliverer({
        smtpUrl: sink.url,
        notifications: NOTIFICATIONS,
        ...OPTIONS,
      })
      await deliver(entry(contact('sub-7')), new AbortController().signal)
      expect(sink.received).toHaveLength(1)
      const received = sink.received[0]?.mail
      expect(received?.headers.get('x-submission-id')).toBe('sub-7')
      expect(received?.messageId).toBe('<sub-7@example.com>')
    } finally {
      await sink.close()
    }
  })

  it('sends nothing, and does not fail, for a kind whose recipient list is empty', async () => {
    const mail = mailModule
    const sink = await smtpSink()
    try {
      const deliver = await mail.mailDeliverer({
        smtpUrl: sink.url,
        notifications: { from: 'website@example.com', to: { contact: [] } },
        ...OPTIONS,
      })
      await expect(deliver(entry(contact('sub-9')), new AbortController().signal)).resolves.toBeUndefined()
      expect(sink.received).toHaveLength(0)
    } finally {
      await sink.close()
    }
  })
})

describe('SITE_SMTP_URL', () => {
  it('takes smtp:// and smtps:// URLs with a host', () => {
    expect(parseSmtpUrl('smtp://mail.example.com:587')).toBe('smtp://mail.example.com:587')
    expect(parseSmtpUrl('smtps://mail.example.com')).toBe('smtps://mail.example.com')
    expect(parseSmtpUrl('  ')).toBeUndefined()
  })

  it.each([
    'http://mail.example.com',
    'mail.example.com',
    'smtp://',
  ])('refuses %s and says what to write', (value) => {
    let error: unknown
    try {
      parseSmtpUrl(value)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(SiteError)
    expect((error as SiteError).code).toBe('bad-smtp-url')
    expect((error as SiteError).hint).toMatch(/^write smtp:\/\/USER:PASSWORD@HOST:587 \(STARTTLS\) or smtps:/)
  })
})
