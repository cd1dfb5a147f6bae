/**
 * Whether a URL points under the configured storage base (../shared/spec/DECISIONS.md, Brochures:
 * /pdf-redirect links only to files there, so it can never be used as an open redirect).
 *
 * Both are parsed as URLs against the page's origin and compared part by part: same scheme and host
 * (so `//evil.example` and `https://storage.example.evil.example` fail), and the path must continue the
 * base's path at a segment boundary (so `/storage-evil/x.pdf` fails for the base `/storage`). Parsing
 * resolves `..` and `%2e%2e` segments first, so `/storage/../secret` does not pass either. Only PDF files
 * pass, and no encoded slash.
 *
 * @returns the parsed URL when it is allowed, otherwise `null`.
 */
export function storageUrl(
  candidate: string | null | undefined,
  storageBase: string,
  origin: string,
): URL | null {
  if (!candidate) return null
  let base: URL
  let target: URL
  try {
    base = new URL(storageBase, origin)
    target = new URL(candidate, origin)
  } catch {
    return null
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null
  if (target.username || target.password) return null
  if (target.protocol !== base.protocol || target.host !== base.host) return null
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`
  if (!target.pathname.startsWith(prefix) || target.pathname.length === prefix.length) return null
  // A backslash is a path separator to some servers, and an encoded slash (`%2f`) becomes one after
  // the URL parser's `..` resolution ran (`x%2f..%2f..` climbs out on such a server); refuse both.
  if (/\\|%5c|%2f/i.test(target.pathname)) return null
  // Brochures only: a link to an HTML or script file under the base would be a phishing page.
  if (!/\.pdf$/i.test(target.pathname)) return null
  return target
}
