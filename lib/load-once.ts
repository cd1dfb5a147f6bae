/**
 * Something loaded on first use and kept: a module fetched when the visitor first needs it rather
 * than with the page, or the content a pre-render reads once. The first call starts `load`; later
 * calls share its promise; a load that fails (the visitor went offline, a deploy replaced the chunk,
 * a content file was broken) is forgotten, so the next call tries again.
 *
 * For a module, pass a literal `() => import('./x.ts')`: the bundler splits the module into its own
 * chunk only when it sees the import written out.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
}
