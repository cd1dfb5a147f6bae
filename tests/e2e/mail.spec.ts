import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { eventually, type Received, smtpSink } from '../server-fixtures.ts'
import { type ServerProcess, spawnServer } from '../server-process.ts'
import { hydrated } from './hydrated.ts'

/**
 * Submit and get an e-mail, the whole loop: `site serve` started as docs/server.md says (SITE_SMTP_URL
 * set, the project's own content and its `notifications:` recipients), a visitor fills a form in the
 * browser, and the people who answer receive the message with the visitor as Reply-To.
 */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`))

let mailbox: Awaited<ReturnType<typeof smtpSink>>
let server: ServerProcess | undefined
let data = ''
let origin = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  mailbox = await smtpSink()
  data = await mkdtemp(path.join(tmpdir(), 'site-mail-e2e-'))
  server = await spawnServer(['--port', '0', '--data', data, '--rate-limit', '0'], {
    viaCli: true,
    env: { SITE_SMTP_URL: mailbox.url },
  })
  origin = server.url
})

test.afterAll(async () => {
  server?.child.kill()
  await server?.exited
  await mailbox?.close()
  if (data) await rm(data, { recursive: true, force: true })
})

/** The one mail whose text holds `marker`, once it has arrived. */
async function mailWith(marker: string): Promise<Received> {
  await eventually(() => mailbox.received.some((r) => r.mail.text?.includes(marker)), `a mail with ${marker}`)
  const found = mailbox.received.filter((r) => r.mail.text?.includes(marker))
  expect(found).toHaveLength(1)
  return found[0] as Received
}

test('a contact message sent from /support reaches support, answerable to the visitor', async ({ page }) => {
  const message = 'Mail loop test: the smart panel board keeps resetting after a power cut.'
  await page.goto(`${origin}/support`)
  await hydrated(page)
  await field(page, 'Name').fill('Ravi Kumar')
  await field(page, 'Email').fill('ravi.kumar@example.com')
  await field(page, 'Description').fill(message)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Form submitted successfully')).toBeVisible()

  const { envelope, mail } = await mailWith(message)
  expect(envelope).toEqual(['support@kaverielectronics.in'])
  expect(mail.replyTo?.value).toEqual([{ name: 'Ravi Kumar', address: 'ravi.kumar@example.com' }])
  expect(mail.subject).toContain('Ravi Kumar')
  expect(mail.html).toContain(message)
})

test('a product enquiry reaches sales with the product named', async ({ page }) => {
  await page.goto(`${origin}/productenquiry/uhfradiomodem`)
  await hydrated(page)
  await field(page, 'Name').fill('Lakshmi Menon')
  await field(page, 'Email').fill('lakshmi.mailloop@example.com')
  await field(page, 'Phone Number').fill('9811122233')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(`${origin}/products/uhfradiomodem`)

  const { envelope, mail } = await mailWith('lakshmi.mailloop@example.com')
  expect(envelope).toEqual(['sales@kaverielectronics.in'])
  expect(mail.subject).toMatch(/^Product enquiry: UHF Radio Modem from Lakshmi Menon/)
  expect(mail.text).toContain('9811122233')
})
