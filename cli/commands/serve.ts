import path from 'node:path'
import type { Command } from 'commander'
import { projectPaths } from '../../renderer/paths.ts'
import { intFlag, trustProxyFlag } from './flags.ts'

export interface ServeFlags {
  port: string
  host: string
  data?: string
  dist?: string
  rateLimit: string
  webhook?: string
  root?: string
  trustProxy?: string
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
      '--trust-proxy <hops|addresses>',
      'behind proxies: how many (1 for one nginx or CDN) or their addresses/CIDRs, comma-separated; the client is the rightmost untrusted X-Forwarded-For entry',
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
content/site.yaml). Stop with Ctrl+C or SIGTERM: requests in flight finish, then the database closes.
Read the submissions with \`site submissions list\` or \`site submissions export\`.`,
    )
    .action(async (flags: ServeFlags) => {
      // Loaded here, not at the top: every other command starts without Fastify.
      const { closeOnSignals, startServer } = await import('../../server/serve.ts')
      const { originOf, readServerContent } = await import('../../server/site-config.ts')
      const paths = projectPaths(flags.root && path.resolve(flags.root))
      const port = intFlag(flags.port, '--port', 0, 65535, '8080')
      const rateLimit = intFlag(flags.rateLimit, '--rate-limit', 0, 1_000_000, '60')
      const trustProxy = flags.trustProxy === undefined ? undefined : trustProxyFlag(flags.trustProxy)
      const webhookUrl = flags.webhook ?? (process.env.SITE_WEBHOOK_URL?.trim() || undefined)
      if (webhookUrl)
        originOf(
          webhookUrl,
          flags.webhook ? '--webhook' : 'SITE_WEBHOOK_URL',
          'give the full address, e.g. https://hooks.example.com/site.',
        )
      const dist = path.resolve(flags.dist ?? paths.client)
      const dataDir = path.resolve(flags.data ?? paths.data)
      const content = await readServerContent(paths.content)
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
      })
      const shown = (file: string) => {
        const relative = path.relative(process.cwd(), file)
        return relative.startsWith('..') ? file : relative || '.'
      }
      console.log(`Serving ${shown(dist)} and the intake API at ${server.url}`)
      console.log(
        `Submissions go to ${shown(server.storage.file)}${webhookUrl ? '; new ones are sent to the webhook' : ''}. ` +
          `Rate limit: ${rateLimit ? `${rateLimit} requests per minute per client` : 'off'}. ` +
          `CORS: ${content.siteOrigin ?? 'same origin only'}.`,
      )
      closeOnSignals(server, (line) => console.log(line))
    })
}
