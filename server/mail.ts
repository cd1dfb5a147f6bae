import type { Transporter } from 'nodemailer'
import { ERRORS, siteError } from '../lib/errors.ts'
import { escapeHtml } from '../lib/html.ts'
import type { Deliver } from './outbox.ts'
import { KINDS, type Kind, type Submission } from './storage.ts'
import { parseUrlSetting } from './url-setting.ts'

/** Recipients per kind of submission, and the sender (content/site.yaml `notifications:`). */
export interface Notifications {
  from: string
  to: Partial<Record<Kind, readonly string[]>>
}

export interface MailOptions {
  /** SITE_SMTP_URL: `smtp://user:pass@host:587` or `smtps://…:465`. */
  smtpUrl: string
  notifications: Notifications
  /** Company name, for the subject line. */
  company: string
  /** Product display names by slug, for enquiries and warranty activations. */
  productNames: Readonly<Record<string, string>>
  /** How long to wait for the SMTP server at each step. */
  timeoutMs?: number
}

/** Reads SITE_SMTP_URL: an smtp:// or smtps:// URL, or a message saying what to write. */
export function parseSmtpUrl(value: string | undefined): string | undefined {
  const url = parseUrlSetting(value, {
    protocols: ['smtp:', 'smtps:'],
    hostRequired: true,
    refusal: () => siteError(ERRORS.BadSmtpUrl, undefined),
  })
  return url && value?.trim()
}

/** The kinds of submission `notifications` names recipients for: each of those is e-mailed. */
export function mailKinds(notifications: Notifications | undefined): Kind[] {
  return KINDS.filter((kind) => (notifications?.to[kind]?.length ?? 0) > 0)
}

const KIND_TITLE: Record<Kind, string> = {
  contact: 'Contact message',
  enquiry: 'Product enquiry',
  warranty: 'Warranty activation',
}

const LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company_name: 'Company',
  company_gst: 'Company GST',
  description: 'Message',
  serial_number: 'Serial number',
  purchase_date: 'Purchase date',
}

/**
 * One line of text from public input, fit for a header or a table cell: control characters (CR and
 * LF among them, so no header can be added), bidirectional overrides and runs of space become one space.
 */
export function oneLine(value: unknown): string {
  const text =
    typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)
  return text
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The e-mail for one submission: subject, plain text and HTML, and the visitor as Reply-To. */
export function composeMail(submission: Submission, options: Pick<MailOptions, 'company' | 'productNames'>) {
  const { payload, kind } = submission
  const product = submission.product
    ? (options.productNames[submission.product] ?? submission.product)
    : undefined
  const name = oneLine(payload.name)
  const subject = oneLine(
    `${KIND_TITLE[kind]}${product ? `: ${product}` : ''}${name ? ` from ${name}` : ''} (${options.company})`,
  )
  const rows: [string, string][] = []
  if (product) rows.push(['Product', product])
  for (const [key, value] of Object.entries(payload))
    if (key !== 'product' && key !== 'product_name') rows.push([LABELS[key] ?? key, oneLine(value)])
  rows.push(['Received (UTC)', submission.receivedAt], ['Reference', submission.id])
  const width = Math.max(...rows.map(([label]) => label.length))
  const text = [
    `${KIND_TITLE[kind]} received through the website.`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    'Reply to this e-mail to answer the visitor.',
    '',
  ].join('\n')
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(KIND_TITLE[kind])} received through the website.</p>`,
    '<table cellpadding="4">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '<p>Reply to this e-mail to answer the visitor.</p>',
    '</body></html>',
  ].join('\n')
  const email = typeof payload.email === 'string' ? oneLine(payload.email) : ''
  return { subject, text, html, replyTo: email ? { name, address: email } : undefined }
}

/** Says why SMTP failed without the addresses a server's answer may quote. */
function smtpProblem(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number }
  return `SMTP ${responseCode ?? code ?? 'failure'}`
}

/**
 * Sends each outbox entry of the `mail` channel as an e-mail to the recipients of its kind (none
 * configured: nothing to send). The Message-ID comes from the submission id, so a repeat after a crash
 * (delivery is at-least-once) is the same message to mail clients that de-duplicate.
 */
export async function mailDeliverer(options: MailOptions): Promise<Deliver> {
  const { default: nodemailer } = await import('nodemailer')
  const timeout = options.timeoutMs ?? 10_000
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as object)
  const domain = options.notifications.from.split('@')[1] ?? 'localhost'
  return async (entry) => {
    const to = options.notifications.to[entry.submission.kind]
    if (!to || to.length === 0) return
    const mail = composeMail(entry.submission, options)
    try {
      await transport.sendMail({
        from: { name: `${options.company} website`, address: options.notifications.from },
        to: [...to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo && { replyTo: mail.replyTo }),
        messageId: `<${entry.submission.id}@${domain}>`,
        headers: { 'X-Submission-Id': entry.submission.id },
      })
    } catch (error) {
      throw new Error(smtpProblem(error))
    }
  }
}
