/**
 * The flags of `site serve`, as data: the one definition both entries use, the CLI's `site serve`
 * (../cli/commands/serve.ts) and tests/serve-alone.ts, which starts the server alone for the fault tests and the bench. It imports nothing, so the
 * CLI loads it at start without loading the server.
 */

/** The flags as a command line gives them (commander's names), before they are checked. */
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

/** One flag of `site serve`: commander's flag syntax, its description and its default. */
export interface ServeOption {
  flags: string
  description: string
  default?: string
}

/** The flags of `site serve`, in the order its help lists them. */
export const SERVE_OPTIONS: readonly ServeOption[] = [
  { flags: '--port <n>', description: 'port to listen on; 0 picks a free one', default: '4173' },
  {
    flags: '--host <host>',
    description: 'address to listen on; 0.0.0.0 for every interface',
    default: '127.0.0.1',
  },
  { flags: '--data <dir>', description: 'folder for submissions.db (default: data/ in the project)' },
  { flags: '--dist <dir>', description: 'built site to serve (default: dist/client in the project)' },
  {
    flags: '--rate-limit <n>',
    description: 'API requests per minute per client address; 0 turns the limit off',
    default: '30',
  },
  {
    flags: '--webhook <url>',
    description:
      'POST each new submission (not spam) to this URL, retried until it answers 2xx (env SITE_WEBHOOK_URL)',
  },
  {
    flags: '--trust-proxy [hops|addresses]',
    description:
      'behind reverse proxies: how many (default 1) or their addresses/CIDR ranges, comma-separated; the client is the last X-Forwarded-For address they did not add',
  },
  {
    flags: '--database <url>',
    description:
      'keep submissions in PostgreSQL (postgres://USER:PASSWORD@HOST/DB) instead of SQLite under --data (env SITE_DATABASE_URL)',
  },
  {
    flags: '--root <dir>',
    description: 'project folder holding content/, dist/ and data/ (default: this project)',
  },
]
