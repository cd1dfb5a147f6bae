import { compilePattern, type PathPattern } from './path-pattern.ts'

/** One line of a `_redirects` file. */
export interface RedirectRule {
  from: string
  pattern: PathPattern
  to: string
  /** 301, 302, 303, 307, 308 redirect; 200 rewrites (serves `to` at this URL); 404 serves `to` as not found. */
  status: number
  /** `301!`: applies even when a file exists at the path. */
  force: boolean
}

export interface ParsedRedirects {
  rules: RedirectRule[]
  /** Lines that were skipped, with why, for the server to print once at start. */
  skipped: string[]
}

const STATUSES = new Set([200, 301, 302, 303, 307, 308, 404, 410])

/**
 * Parses a `_redirects` file in the common CDN format: `from to [status][!]` per line, `#` comments,
 * `*` in `from` and `:splat` in `to`, `:name` placeholders. The status defaults to 301.
 */
export function parseRedirectsFile(text: string): ParsedRedirects {
  const rules: RedirectRule[] = []
  const skipped: string[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (!line || line.startsWith('#')) return
    const parts = line.split(/\s+/)
    const [from = '', to = '', code = '301', ...rest] = parts
    const status = Number.parseInt(code, 10)
    const problem = !from.startsWith('/')
      ? 'the source is not a path'
      : parts.slice(1).some((p) => /^[A-Za-z_-]+=/.test(p))
        ? 'conditions (query, country, language) are not supported'
        : !(to.startsWith('/') || /^https?:\/\//.test(to))
          ? 'the target is neither a path nor an http(s) URL'
          : !/^\d{3}!?$/.test(code) || !STATUSES.has(status)
            ? `the status "${code}" is not supported`
            : rest.length > 0
              ? 'there is more than "from to status" on the line'
              : (status === 200 || status === 404) && !to.startsWith('/')
                ? 'a rewrite (200 or 404) needs a path target'
                : undefined
    if (problem) {
      skipped.push(`_redirects line ${index + 1}: ${problem}; the line is ignored.`)
      return
    }
    rules.push({ from, pattern: compilePattern(from), to, status, force: code.endsWith('!') })
  })
  return { rules, skipped }
}

/** The first rule matching `path` (only forced rules when `forcedOnly`), with its target filled in. */
export function findRedirect(
  rules: readonly RedirectRule[],
  path: string,
  forcedOnly = false,
): { rule: RedirectRule; target: string } | undefined {
  for (const rule of rules) {
    if (forcedOnly && !rule.force) continue
    const found = rule.pattern.match(path)
    if (!found) continue
    const target = rule.to.replace(
      /:([A-Za-z_][A-Za-z0-9_]*)/g,
      (whole, name: string) => found[name] ?? whole,
    )
    return { rule, target }
  }
  return undefined
}
