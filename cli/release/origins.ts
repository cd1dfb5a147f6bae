import type { OriginFault } from '../../lib/problems.ts'
import type { Site } from '../../model/content/schemas/site.ts'

/** A build setting a release refuses, with where its value came from. */
export interface SettingProblem {
  /** The environment variable that sets it, e.g. `SITE_URL`. */
  variable: string
  /** Its key in content/site.yaml, e.g. `siteUrl`. */
  key: string
  /** What it is, e.g. `public origin of the site`. */
  what: string
  value: string
  /**
   * `environment` when the variable is set, else `content/site.yaml`; `built site` when a built site
   * is judged by the settings it was made with (`site verify --release`).
   */
  source: 'environment' | 'content/site.yaml' | 'built site'
  fault: OriginFault
}

/** The four origins a release publishes, their environment variable and site.yaml key. */
export const ORIGIN_SETTINGS = [
  { variable: 'SITE_URL', key: 'siteUrl', what: 'public origin of the site' },
  { variable: 'SITE_API_BASE', key: 'apiBase', what: 'base of the intake API' },
  { variable: 'SITE_STORAGE_BASE', key: 'storageBase', what: 'base the brochures are served from' },
  { variable: 'SITE_ASSET_BASE', key: 'assetBase', what: 'base the images are served from' },
] as const

/** Why an origin cannot go live, or undefined when it can. Paths (`/api`) are on the site's own origin. */
export function originFault(
  value: string,
  { pathAllowed }: { pathAllowed: boolean },
): OriginFault | undefined {
  if (value.startsWith('/') && !value.startsWith('//')) return pathAllowed ? undefined : { kind: 'path' }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { kind: 'not-an-address' }
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return { kind: 'this-machine', host }
  if (/^127\.|^0\.0\.0\.0$|^::1?$/.test(host)) return { kind: 'loopback', host }
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host)) return { kind: 'private', host }
  if (/(^|\.)example(\.[a-z]+)+$/.test(host) || /\.(test|invalid|example|local)$/.test(host))
    return { kind: 'example', host }
  if (url.protocol !== 'https:') return { kind: 'unencrypted', protocol: url.protocol }
  return undefined
}

/** The origins a release refuses: local, example or plain-http values for the four settings. */
export function originProblems(
  site: Site,
  env: NodeJS.ProcessEnv = process.env,
  envSource: 'environment' | 'built site' = 'environment',
): SettingProblem[] {
  const problems: SettingProblem[] = []
  for (const { variable, key, what } of ORIGIN_SETTINGS) {
    const fromEnv = env[variable]?.trim()
    const value = (fromEnv || site[key]).replace(/\/+$/, '')
    const fault = originFault(value, { pathAllowed: key !== 'siteUrl' })
    if (fault)
      problems.push({ variable, key, what, value, source: fromEnv ? envSource : 'content/site.yaml', fault })
  }
  return problems
}
