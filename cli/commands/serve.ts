import { isIP } from 'node:net'
import path from 'node:path'
import type { Command } from 'commander'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { intFlag } from './flags.ts'

export interface ServeFlags {
  port: string
  host: string
  data?: string
  dist?: string
  rateLimit: string
  webhook?: string
  root?: string
  trustProxy?: boolean | string
  database?: string
}

/**
 * Reads `--trust-proxy`: bare or a number is how many proxies stand in front (bare: one); otherwise a
 * comma-separated list of the proxies' addresses or CIDR ranges.
 */
export function parseTrustProxy(value: boolean | string | undefined): number | string[] | undefined {
  if (value === undefined || value === false) return undefined
  if (value === true) return 1
  if (/^\d+$/.test(value.trim())) return intFlag(value, '--trust-proxy', 1, 10, '1')
  const entries = value.split(',').map((e) => e.trim())
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/')
    const version = isIP(address)
    const max = version === 4 ? 32 : 128
    if (
      version === 0 ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > max))
    )
      throw siteError(ERRORS.BadTrustProxy, { entry })
  }
  return entries
}

/** `site serve`: the built site and the intake API in one process. */
export function register(program: Command): void {
  program
    .command('serve')
    .description('Serve the built site (dist/client) and the intake API (/api) from one local origin.')
    .option('--port <n>', 'port to listen on; 0 picks a free one', '4173')
    .option('--host <host>', 'address to listen on; 0.0.0.0 for every interface', '127.0.0.1')
    .option('--data <dir>', 'folder for submissions.db (default: data/ in the project)')
    .option('--dist <dir>', 'built site to serve (default: dist/client in the project)')
    .option('--rate-limit <n>', 'API requests per minute per client address; 0 turns the limit off', '30')
    .option(
      '--webhook <url>',
      'POST each new submission (not spam) to this URL, retried until it answers 2xx (env SITE_WEBHOOK_URL)',
    )
    .option(
      '--trust-proxy [hops|addresses]',
      'behind reverse proxies: how many (default 1) or their addresses/CIDR ranges, comma-separated; the client is the last X-Forwarded-For address they did not add',
    )
    .option(
      '--database <url>',
      'keep submissions in PostgreSQL (postgres://USER:PASSWORD@HOST/DB) instead of SQLite under --data (env SITE_DATABASE_URL)',
    )
    .option('--root <dir>', 'project folder holding content/, dist/ and data/ (default: this project)')
    .addHelpText(
      'after',
      `
Pages: clean URLs (/aboutus, /aboutus/), dist/client/_headers and _redirects as a CDN applies them,
404.html with status 404 for anything else.

API (JSON only, at most 16 KB):
  POST /api/contactinformations   contact message          201 {id}
  POST /api/productregistration   product enquiry          201 {id}
  POST /api/warrantyregistration  warranty activation      201 {id}
  A 201 is sent only after the submission is committed to disk. Invalid fields: 422 {errors}.
  An Idempotency-Key header makes retries safe for 24 hours.

The product list comes from content/catalogue.yaml; CORS is allowed for SITE_URL (or siteUrl in
content/site.yaml), and a POST from any other Origin gets 403. Stop with Ctrl+C or SIGTERM: requests in
flight finish, then the database closes.

Environment:
  SITE_DATABASE_URL  postgres://USER:PASSWORD@HOST/DB: submissions in PostgreSQL, shared by every
                     instance that names it (unset: SQLite under --data)
  SITE_SMTP_URL      smtp:// or smtps:// server: each new submission is e-mailed to the recipients
                     under notifications: in content/site.yaml
  SITE_WEBHOOK_URL   same as --webhook
A locked or unreachable database gives 503 with Retry-After to submissions; pages keep being served.
More: docs/server.md.
Read the submissions with \`site submissions list\` or \`site submissions export\`.`,
    )
    .action(async (flags: ServeFlags) => {
      // Loaded here, not at the top: every other command starts without Fastify.
      const { closeOnSignals, startServer } = await import('../../server/serve.ts')
      const { originOf, readServerContent } = await import('../../server/site-config.ts')
      const { parseDatabaseUrl } = await import('../../server/storage.ts')
      const { mailDeliverer, parseSmtpUrl } = await import('../../server/mail.ts')
      const paths = projectPaths(flags.root && path.resolve(flags.root))
      const port = intFlag(flags.port, '--port', 0, 65535, '8080')
      const rateLimit = intFlag(flags.rateLimit, '--rate-limit', 0, 1_000_000, '60')
      const webhookUrl = flags.webhook ?? (process.env.SITE_WEBHOOK_URL?.trim() || undefined)
      if (webhookUrl)
        originOf(
          webhookUrl,
          flags.webhook ? '--webhook' : 'SITE_WEBHOOK_URL',
          'give the full address, e.g. https://hooks.example.com/site.',
        )
      const trustProxy = parseTrustProxy(flags.trustProxy)
      const databaseUrl = flags.database
        ? parseDatabaseUrl(flags.database, '--database')
        : parseDatabaseUrl(process.env.SITE_DATABASE_URL, 'SITE_DATABASE_URL')
      const dist = path.resolve(flags.dist ?? paths.client)
      const dataDir = path.resolve(flags.data ?? paths.data)
      const content = await readServerContent(paths.content)
      const smtpUrl = parseSmtpUrl(process.env.SITE_SMTP_URL)
      const mail =
        smtpUrl && content.notifications
          ? await mailDeliverer({
              smtpUrl,
              notifications: content.notifications,
              company: content.company,
              productNames: content.productNames,
            })
          : undefined
      const server = await startServer({
        port,
        host: flags.host,
        dist,
        dataDir,
        productSlugs: content.productSlugs,
        siteOrigin: content.siteOrigin,
        rateLimit,
        webhook: webhookUrl ? { url: webhookUrl } : undefined,
        trustProxy,
        databaseUrl,
        ...(mail && { deliverers: { mail } }),
      })
      const shown = (file: string) => {
        const relative = path.relative(process.cwd(), file)
        return relative.startsWith('..') ? file : relative || '.'
      }
      console.log(`Serving ${shown(dist)} and the intake API at ${server.url}`)
      console.log(
        `Submissions go to ${databaseUrl ? server.storage.location : shown(server.storage.location)}${webhookUrl ? '; new ones are sent to the webhook' : ''}. ` +
          `Rate limit: ${rateLimit ? `${rateLimit} requests per minute per client` : 'off'}. ` +
          `CORS: ${content.siteOrigin ?? 'same origin only'}.`,
      )
      if (smtpUrl && !content.notifications)
        console.log(
          'SITE_SMTP_URL is set but content/site.yaml names no recipients under notifications:; no e-mail is sent.',
        )
      else if (mail)
        console.log('New submissions are e-mailed to the recipients in content/site.yaml (notifications:).')
      closeOnSignals(server, (line) => console.log(line))
    })
}
