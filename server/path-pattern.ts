/**
 * Path patterns of the common CDN `_headers` and `_redirects` files: `*` (a splat) matches anything,
 * slashes included; `:name` matches one path segment. A trailing slash is ignored on both sides, so
 * `/aboutus` and `/aboutus/` follow the same rules.
 */
export interface PathPattern {
  /** Returns the captured values (`splat` for `*`, else the placeholder names), or undefined. */
  match(path: string): Record<string, string> | undefined
}

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)

/** Compiles a pattern such as `/products/*` or `/news/:year/:slug`. */
export function compilePattern(pattern: string): PathPattern {
  const names: string[] = []
  let source = ''
  const body = trimSlash(pattern)
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string
    if (ch === '*') {
      names.push('splat')
      source += '(.*)'
    } else if (ch === ':' && (i === 0 || body[i - 1] === '/') && /[A-Za-z_]/.test(body[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(body.slice(i + 1))?.[0] ?? ''
      names.push(name)
      source += '([^/]+)'
      i += name.length
    } else {
      source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    }
  }
  const regex = new RegExp(`^${source}/?$`)
  return {
    match(path) {
      const found = regex.exec(path)
      if (!found) return undefined
      const out: Record<string, string> = {}
      names.forEach((name, i) => {
        out[name] = found[i + 1] ?? ''
      })
      return out
    },
  }
}
