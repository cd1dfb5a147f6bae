/**
 * A module fetched on first use rather than with the page. The first call starts `load`; later calls
 * share its promise; a load that fails (the visitor went offline, a deploy replaced the chunk) is
 * forgotten, so the next call tries again instead of failing for the rest of the visit.
 *
 * Pass a literal `() => import('./x.ts')`: the bundler splits the module into its own chunk only when
 * it sees the import written out.
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
