/**
 * Group commit: writes requested during one turn of the event loop are committed together in one
 * transaction, and each caller's promise settles only after that transaction has committed. One fsync
 * then covers many submissions without weakening "201 means it is on disk".
 */
export interface GroupCommit<T> {
  /** Queues an item; resolves once it is committed, rejects if it could not be. */
  write(item: T): Promise<void>
  /** Commits whatever is queued now (shutdown calls this before closing the database). */
  flush(): void
  /** How many items wait for the next commit. */
  readonly queued: number
}

interface Waiting<T> {
  item: T
  resolve: () => void
  reject: (error: unknown) => void
}

export interface GroupCommitOptions {
  /** Most items in one transaction. */
  maxBatch?: number
  /**
   * Errors that say nothing about the items (the database is locked): the whole batch fails with the
   * error at once instead of being retried item by item, which would only fail again, once per item.
   */
  failsWholeBatch?: (error: unknown) => boolean
}

/**
 * Wraps `commit` (which must write all its items in one transaction, or none). When a batch fails, each
 * item is retried on its own, so one bad row fails only its own request, unless the error is one that
 * `failsWholeBatch` names.
 */
export function groupCommit<T>(
  commit: (items: readonly T[]) => void,
  { maxBatch = 500, failsWholeBatch = () => false }: GroupCommitOptions = {},
): GroupCommit<T> {
  let queue: Waiting<T>[] = []
  let scheduled = false

  const run = (batch: Waiting<T>[]) => {
    try {
      commit(batch.map((w) => w.item))
    } catch (error) {
      if (batch.length === 1 || failsWholeBatch(error)) {
        for (const w of batch) w.reject(error)
        return
      }
      for (const one of batch) run([one])
      return
    }
    for (const w of batch) w.resolve()
  }

  const flush = () => {
    scheduled = false
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(maxBatch)
      run(batch)
    }
  }

  return {
    write(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (!scheduled) {
          scheduled = true
          // After the I/O callbacks of this turn: every request parsed in this turn joins the batch.
          setImmediate(flush)
        }
      })
    },
    flush,
    get queued() {
      return queue.length
    },
  }
}
