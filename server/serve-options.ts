/**
 * The settings of `site serve`, checked: read from its flags (./serve-flags.ts) and environment by
 * both entries, the CLI's `site serve` (../cli/commands/serve.ts) and tests/serve-alone.ts.
 */
import { isIP } from 'node:net'
import path from 'node:path'
import { ERRORS, siteError } from '../lib/errors.ts'
import { wholeNumber } from '../lib/flags.ts'
import { projectPaths } from '../model/paths.ts'
import { parseSmtpUrl } from './mail.ts'
import type { ServeFlags } from './serve-flags.ts'
import { originOf } from './site-config.ts'
import { parseDatabaseUrl } from './storage.ts'

/** What `site serve` runs with, checked. */
export interface ServeSettings {
  port: number
  host: string
  /** The built site (dist/client), absolute. */
  dist: string
  /** The SQLite folder, absolute (unused with `databaseUrl`). */
  dataDir: string
  /** The project's content/ folder: the catalogue, site.yaml, the products. */
  contentDir: string
  rateLimit: number
  webhookUrl: string | undefined
  trustProxy: number | string[] | undefined
  databaseUrl: string | undefined
  smtpUrl: string | undefined
}

/**
 * Reads `--trust-proxy`: bare or a number is how many proxies stand in front (bare: one); otherwise a
 * comma-separated list of the proxies' addresses or CIDR ranges.
 */
export function parseTrustProxy(value: boolean | string | undefined): number | string[] | undefined {
  if (value === undefined || value === false) return undefined
  if (value === true) return 1
  if (/^\d+$/.test(value.trim())) return wholeNumber(value, '--trust-proxy', 1, 10, '1')
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

/** Checks the flags and the environment (SITE_WEBHOOK_URL, SITE_DATABASE_URL, SITE_SMTP_URL). */
export function readServeFlags(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): ServeSettings {
  const paths = projectPaths(flags.root && path.resolve(flags.root))
  const port = wholeNumber(flags.port, '--port', 0, 65535, '8080')
  const rateLimit = wholeNumber(flags.rateLimit, '--rate-limit', 0, 1_000_000, '60')
  const webhookUrl = flags.webhook ?? (env.SITE_WEBHOOK_URL?.trim() || undefined)
  if (webhookUrl)
    originOf(
      webhookUrl,
      flags.webhook ? '--webhook' : 'SITE_WEBHOOK_URL',
      'give the full address, e.g. https://hooks.example.com/site.',
    )
  const trustProxy = parseTrustProxy(flags.trustProxy)
  const databaseUrl = flags.database
    ? parseDatabaseUrl(flags.database, '--database')
    : parseDatabaseUrl(env.SITE_DATABASE_URL, 'SITE_DATABASE_URL')
  return {
    port,
    host: flags.host,
    dist: path.resolve(flags.dist ?? paths.client),
    dataDir: path.resolve(flags.data ?? paths.data),
    contentDir: paths.content,
    rateLimit,
    webhookUrl,
    trustProxy,
    databaseUrl,
    smtpUrl: parseSmtpUrl(env.SITE_SMTP_URL),
  }
}
