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

/** A brochure the site publishes: its file (`<storageBase>/brochures/<id>.pdf`) and its title. */
export interface PublishedBrochure {
  file: string
  title: string
}

/**
 * The published brochure a URL names, or `null`: the URL must pass {@link storageUrl} and then be one
 * of the brochures' own files, exactly. Any other file under the storage base, whatever its name, is
 * not offered: `/pdf-redirect?url=/storage/brochures/<any text>.pdf` would otherwise put that text on
 * the page and link a file the site never published.
 */
export function publishedBrochure<B extends PublishedBrochure>(
  candidate: string | null | undefined,
  storageBase: string,
  origin: string,
  brochures: readonly B[],
): B | null {
  const allowed = storageUrl(candidate, storageBase, origin)
  if (!allowed) return null
  return brochures.find((b) => new URL(b.file, origin).href === allowed.href) ?? null
}
