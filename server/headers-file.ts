import { compilePattern, type PathPattern } from './path-pattern.ts'

/** One block of a `_headers` file: a path pattern and the headers it sets or removes. */
export interface HeaderRule {
  /** The path line as written, e.g. `/*`. */
  path: string
  pattern: PathPattern
  set: [name: string, value: string][]
  /** Names after `! ` (a Cloudflare extension): removed from what earlier rules set. */
  remove: string[]
}

/**
 * Parses a `_headers` file in the common CDN format: a path line at the start of a line, then
 * indented `Name: value` lines. `#` starts a comment line. Lines that fit neither are ignored.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  let current: HeaderRule | undefined
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const indented = /^\s/.test(raw)
    if (!indented) {
      current = line.startsWith('/')
        ? { path: line, pattern: compilePattern(line), set: [], remove: [] }
        : undefined
      if (current) rules.push(current)
      continue
    }
    if (!current) continue
    if (line.startsWith('!')) {
      current.remove.push(line.slice(1).trim().toLowerCase())
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    current.set.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return rules
}

/**
 * The headers for a request path: every matching block applies, in file order; a header set by
 * several blocks is joined with ", " as the CDNs do.
 */
export function headersFor(
  rules: readonly HeaderRule[],
  path: string,
): Map<string, { name: string; value: string }> {
  const out = new Map<string, { name: string; value: string }>()
  for (const rule of rules) {
    if (!rule.pattern.match(path)) continue
    for (const name of rule.remove) out.delete(name)
    for (const [name, value] of rule.set) {
      const key = name.toLowerCase()
      const before = out.get(key)
      out.set(key, { name, value: before ? `${before.value}, ${value}` : value })
    }
  }
  return out
}
