/**
 * Group commit: writes requested while the previous commit runs (or during one turn of the event loop)
 * are committed together in one transaction, and each caller's promise settles only after that
 * transaction has committed. One fsync then covers many submissions without weakening "201 means it is
 * on disk".
 */
export interface GroupCommit<T> {
  /** Queues an item; resolves once it is committed, rejects if it could not be. */
  write(item: T): Promise<void>
  /** Commits whatever is queued; resolves when nothing is queued or committing. */
  flush(): Promise<void>
  /** How many items wait for the next commit. */
  readonly queued: number
}

export interface GroupCommitOptions {
  maxBatch?: number
  /**
   * Whether a failed batch is worth retrying item by item. A constraint failure of one row is (the
   * others go through); a locked or unreachable database is not: every item would fail the same way,
   * one after the other.
   */
  retryAlone?: (error: unknown) => boolean
}

interface Waiting<T> {
  item: T
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * Wraps `commit` (which must write all its items in one transaction, or none). One commit runs at a
 * time; what arrives meanwhile forms the next batch.
 */
export function groupCommit<T>(
  commit: (items: readonly T[]) => Promise<void>,
  options: GroupCommitOptions = {},
): GroupCommit<T> {
  const maxBatch = options.maxBatch ?? 500
  const retryAlone = options.retryAlone ?? (() => true)
  let queue: Waiting<T>[] = []
  let draining: Promise<void> | undefined

  const run = async (batch: Waiting<T>[]): Promise<void> => {
    try {
      await commit(batch.map((w) => w.item))
    } catch (error) {
      if (batch.length === 1 || !retryAlone(error)) {
        for (const w of batch) w.reject(error)
        return
      }
      for (const one of batch) await run([one])
      return
    }
    for (const w of batch) w.resolve()
  }

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(maxBatch)
      await run(batch)
    }
  }

  const start = (): Promise<void> => {
    draining ??= drain().finally(() => {
      draining = undefined
      // Written between the end of the loop and now: nothing else would pick it up.
      if (queue.length > 0) void start()
    })
    return draining
  }

  return {
    write(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        // After the I/O callbacks of this turn: every request parsed in this turn joins the batch.
        if (!draining && queue.length === 1) setImmediate(() => void start())
      })
    },
    async flush() {
      while (queue.length > 0 || draining) await start()
    },
    get queued() {
      return queue.length
    },
  }
}
