import { type Storage, StorageBusy } from './storage.ts'

/**
 * The store, saying once when it starts failing and once when it works again. While the database is
 * locked, full, read-only or unreachable, every submission gets a 503 with Retry-After, and the log
 * gets one line per cause saying why (the StorageBusy message: the cause and its code), not a line or
 * a stack per request. Any failing call starts such a spell. It ends at a successful write (a stored
 * submission, the outbox's bookkeeping, the hourly purge: a quiet site has those too) once no call
 * failed for `quietMs`: a nearly full disk, where one insert fits in a page with room and the next needs
 * a new page, fails every few calls, and would otherwise fill the log with pairs of lines. A read proves
 * nothing: a full disk still reads.
 */
export function watchedStorage(storage: Storage, log: (line: string) => void, quietMs = 5_000): Storage {
  let failing: { since: number; last: number; failures: number; said: Set<string> } | undefined

  const failed = (error: unknown) => {
    if (!(error instanceof StorageBusy)) return
    const now = Date.now()
    failing ??= { since: now, last: now, failures: 0, said: new Set() }
    failing.failures++
    failing.last = now
    // Each cause once per spell (a dropped connection, then a read-only server after the failover),
    // known by the driver's code where it has one: PostgreSQL's messages name the file it could not extend.
    const cause = (error.cause as { code?: unknown } | undefined)?.code
    const key = typeof cause === 'string' ? cause : error.message
    if (failing.said.has(key)) return
    failing.said.add(key)
    log(`storage failing: ${error.message} Submissions get 503 with Retry-After until it works again.`)
  }

  const wrote = () => {
    const now = Date.now()
    if (failing && now - failing.last >= quietMs) {
      const seconds = Math.round((failing.last - failing.since) / 1000)
      log(`storage working again (it failed ${failing.failures} times over ${seconds} s).`)
      failing = undefined
    }
  }

  const watch =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>, writes = false) =>
    async (...args: A): Promise<R> => {
      let result: R
      try {
        result = await call(...args)
      } catch (error) {
        failed(error)
        throw error
      }
      if (writes) wrote()
      return result
    }

  return {
    ...storage,
    // Read through: a store that opened late has its salt only then.
    get salt() {
      return storage.salt
    },
    ready: watch(storage.ready),
    insert: watch(storage.insert, true),
    findAnswer: watch(storage.findAnswer),
    purgeAnswers: watch(storage.purgeAnswers, true),
    list: watch(storage.list),
    undelivered: watch(storage.undelivered),
    claimOutbox: watch(storage.claimOutbox),
    nextOutboxAttempt: watch(storage.nextOutboxAttempt),
    markDelivered: watch(storage.markDelivered, true),
    markFailed: watch(storage.markFailed, true),
  }
}
