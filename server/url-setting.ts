import type { SiteError } from '../lib/errors.ts'

/** What a URL setting accepts, and what to say when it does not. */
export interface UrlRule {
  /** Schemes with their colon, e.g. `['smtp:', 'smtps:']`. */
  protocols: readonly string[]
  /** Refuse a URL without a host name (`smtp:///`). */
  hostRequired?: boolean
  /** The error for a value that is not such a URL. */
  refusal: () => SiteError
}

/**
 * Reads a URL from a flag, an environment variable or content: trimmed, and undefined when blank.
 * A value that is not a URL of one of the rule's schemes is refused with the rule's SiteError.
 */
export function parseUrlSetting(value: string | undefined, rule: UrlRule): URL | undefined {
  const text = value?.trim()
  if (!text) return undefined
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {}
  if (!url || !rule.protocols.includes(url.protocol) || (rule.hostRequired && !url.hostname))
    throw rule.refusal()
  return url
}
