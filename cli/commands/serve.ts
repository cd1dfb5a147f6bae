import type { Command } from 'commander'
import { SERVE_OPTIONS, type ServeFlags } from '../../server/serve-flags.ts'

/** `site serve`: the built site and the intake API in one process (the server assembles itself in server/). */
export function register(program: Command): void {
  const command = program
    .command('serve')
    .description('Serve the built site (dist/client) and the intake API (/api) from one local origin.')
  for (const option of SERVE_OPTIONS) command.option(option.flags, option.description, option.default)
  command
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
A locked or unreachable database gives 503 with Retry-After to submissions; pages keep being served, also
when PostgreSQL is down as the server starts (it is reached in the background).
More: docs/server.md.
Read the submissions with \`site submissions list\` or \`site submissions export\`.`,
    )
    .action(async (flags: ServeFlags) => {
      // Loaded here, not at the top: every other command starts without Fastify.
      const { readServeFlags } = await import('../../server/serve-options.ts')
      const { serveSite } = await import('../../server/serve.ts')
      await serveSite(readServeFlags(flags))
    })
}
