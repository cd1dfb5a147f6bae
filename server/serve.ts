import { existsSync } from 'node:fs'
import path from 'node:path'
import { ERRORS, siteError } from '../lib/errors.ts'
import { type AppOptions, createApp, type IntakeApp } from './app.ts'
import { mailDeliverer, mailKinds } from './mail.ts'
import type { ServeSettings } from './serve-options.ts'
import { readServerContent } from './site-config.ts'
import type { Undelivered } from './storage.ts'
import { undeliveredNote } from './submissions-format.ts'

export interface ServeOptions extends AppOptions {
  port: number
  host: string
}

/** A listening server. */
export interface RunningServer extends IntakeApp {
  /** e.g. `http://127.0.0.1:4173`. */
  url: string
  port: number
  /** Stops accepting, finishes requests in flight, closes the database. */
  close(): Promise<void>
}

/** Builds the app and listens; `port: 0` picks a free port (read it from the result). */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  if (!existsSync(path.join(options.dist, 'index.html')))
    throw siteError(ERRORS.NoBuild, { dist: options.dist })
  const app = await createApp(options)
  try {
    await app.fastify.listen({ port: options.port, host: options.host })
  } catch (error) {
    await app.fastify.close()
    const code = (error as { code?: string }).code
    // ENOTFOUND, EAI_AGAIN: a --host that is no address and no name this machine resolves.
    if (['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN'].includes(code ?? ''))
      throw siteError(ERRORS.CannotListen, { host: options.host, port: options.port, code: String(code) })
    throw error
  }
  const address = app.fastify.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return { ...app, port, url: `http://${host}:${port}`, close: () => app.fastify.close() }
}

/**
 * Closes the server on SIGTERM and SIGINT: no new connections, requests in flight finish, the
 * database closes. A second signal exits at once; a shutdown that takes longer than `graceMs` closes
 * the connections still open, and one still not done after twice that exits with status 1 (every
 * answered submission is already committed, so nothing answered is lost).
 */
export function closeOnSignals(server: RunningServer, say: (line: string) => void, graceMs = 10_000): void {
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      say(`${signal} again: exiting now.`)
      process.exit(1)
    }
    closing = true
    say(`${signal}: finishing requests in flight, then closing the database...`)
    // Bounded: after the grace period the connections still open are closed (their answers were not
    // sent, so nothing they carry was acknowledged); a shutdown still not done after a second one is
    // stuck, and the process ends with status 1 rather than never.
    let last: NodeJS.Timeout | undefined
    const force = setTimeout(() => {
      say(`Still busy after ${graceMs / 1000} s: closing the remaining connections.`)
      server.fastify.server.closeAllConnections()
      last = setTimeout(() => {
        say(`Shutdown still not done after ${(2 * graceMs) / 1000} s: exiting now.`)
        process.exit(1)
      }, graceMs)
      last.unref()
    }, graceMs)
    force.unref()
    server.close().then(
      () => {
        clearTimeout(force)
        clearTimeout(last)
        process.off('SIGTERM', onSignal)
        process.off('SIGINT', onSignal)
        say('Stopped.')
      },
      (error: unknown) => {
        say(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

/** A path as people read it: relative to the working folder when inside it, `.` for the folder itself. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative.startsWith('..') ? file : relative || '.'
}

/**
 * `site serve`: reads what the server needs from content/ (products, site origin, mail recipients),
 * starts the site and the intake API, says where it listens and where submissions go, and closes
 * cleanly on SIGTERM or SIGINT.
 */
export async function serveSite(
  settings: ServeSettings,
  say: (line: string) => void = (line) => console.log(line),
): Promise<RunningServer> {
  const content = await readServerContent(settings.contentDir)
  const { smtpUrl, webhookUrl, databaseUrl, rateLimit } = settings
  const mail =
    smtpUrl && content.notifications
      ? await mailDeliverer({
          smtpUrl,
          notifications: content.notifications,
          company: content.company,
          productNames: content.productNames,
        })
      : undefined
  const kinds = mailKinds(content.notifications)
  const server = await startServer({
    port: settings.port,
    host: settings.host,
    dist: settings.dist,
    dataDir: settings.dataDir,
    productSlugs: content.productSlugs,
    siteOrigin: content.siteOrigin,
    apiOrigin: content.apiOrigin,
    productNames: content.productNames,
    rateLimit,
    webhook: webhookUrl ? { url: webhookUrl } : undefined,
    trustProxy: settings.trustProxy,
    databaseUrl,
    mailKinds: kinds,
    ...(mail && { deliverers: { mail } }),
  })
  say(`Serving ${displayPath(settings.dist)} and the intake API at ${server.url}`)
  say(
    `Submissions go to ${databaseUrl ? server.storage.location : displayPath(server.storage.location)}${webhookUrl ? '; new ones are sent to the webhook' : ''}. ` +
      `Rate limit: ${rateLimit ? `${rateLimit} requests per minute per client` : 'off'}. ` +
      `CORS: ${content.siteOrigin ?? 'same origin only'}.`,
  )
  if (smtpUrl && !content.notifications)
    say(
      'SITE_SMTP_URL is set but content/site.yaml names no recipients under notifications:; no e-mail is sent.',
    )
  else if (mail) say('New submissions are e-mailed to the recipients in content/site.yaml (notifications:).')
  else if (kinds.length > 0) {
    say(
      'SITE_SMTP_URL is not set, so this instance sends no e-mail: new submissions are kept for the recipients in content/site.yaml, and an instance with SITE_SMTP_URL sends them.',
    )
    const waiting = await server.storage.undelivered().catch(() => ({}) as Undelivered)
    const note = undeliveredNote(waiting.mail ? { mail: waiting.mail } : {})
    if (note) say(note.charAt(0).toUpperCase() + note.slice(1))
  }
  closeOnSignals(server, say)
  return server
}
