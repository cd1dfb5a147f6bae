import { setTimeout as sleep } from 'node:timers/promises'
import { type Storage, StorageBusy } from './storage.ts'

export interface OpeningOptions {
  /** Where the data lives, for people (the database URL without its password). */
  location: string
  /** How long a call may wait for the store to open before StorageBusy, unless it says. */
  waitMs: number
  /** Says once that the store was reached. */
  say: (line: string) => void
  /** The first retry in the background after this long, doubling up to `maxDelayMs` (1 s, 30 s). */
  firstDelayMs?: number
  maxDelayMs?: number
}

/**
 * A store whose database could not be reached when the server started: the server serves its pages
 * at once, and the store opens itself (`open`: connect, apply the migrations, read the salt) in the
 * background, tried again with a growing pause (1 s doubling to 30 s, each within a fifth of that, so
 * instances started together do not knock in step), and at once by any call made meanwhile. A call
 * waits for the store to open until its own deadline, then gets the attempt's failure as StorageBusy
 * (a 503 with Retry-After); it always waits for an attempt that began after it arrived, so the first
 * submission after the database returns is stored. `open` must fail with StorageBusy.
 */
export function openingStorage(open: () => Promise<Storage>, options: OpeningOptions): Storage {
  const firstDelayMs = options.firstDelayMs ?? 1_000
  const maxDelayMs = options.maxDelayMs ?? 30_000
  let store: Storage | undefined
  let attempt: { startedAt: number; done: Promise<Storage> } | undefined
  let closing: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined
  let delay = firstDelayMs

  /** The attempt under way, or a new one. */
  const tryOpen = () => {
    if (attempt) return attempt
    const done = open().then(async (opened) => {
      if (closing) {
        await opened.close()
        throw new StorageBusy('The server is stopping.')
      }
      store = opened
      clearTimeout(timer)
      options.say(
        `Reached the database at ${options.location}: its tables are up to date, and submissions are stored from now on.`,
      )
      return opened
    })
    const current = { startedAt: Date.now(), done }
    attempt = current
    // A failure is the caller's to report (or the next retry's); the attempt ends either way.
    const ended = () => {
      if (attempt === current) attempt = undefined
    }
    done.then(ended, ended)
    return current
  }

  const retryLater = () => {
    if (store || closing) return
    const pause = delay * (0.8 + 0.2 * Math.random())
    delay = Math.min(delay * 2, maxDelayMs)
    timer = setTimeout(() => {
      void tryOpen()
        .done.catch(() => undefined)
        .then(retryLater)
    }, pause)
    timer.unref()
  }
  retryLater()

  /** The open store, waiting for it until `waitUntil` (ms since the epoch). */
  const opened = async (waitUntil = Date.now() + options.waitMs): Promise<Storage> => {
    if (store) return store
    if (closing) throw new StorageBusy('The server is stopping.')
    const arrived = Date.now()
    for (;;) {
      const current = tryOpen()
      const cancel = new AbortController()
      const outcome = await Promise.race([
        current.done.then(
          (s) => ({ store: s }),
          (error: unknown) => ({ error }),
        ),
        sleep(Math.max(0, waitUntil - Date.now()), { late: true as const }, { signal: cancel.signal }).catch(
          () => ({ late: true as const }),
        ),
      ])
      cancel.abort()
      if ('store' in outcome) return outcome.store
      if ('late' in outcome)
        throw new StorageBusy(`The submissions database at ${options.location} has not been reached yet.`)
      // An attempt that began before this call may have failed before the database came back.
      if (current.startedAt >= arrived || Date.now() >= waitUntil) throw outcome.error
    }
  }

  return {
    location: options.location,
    get salt() {
      return store?.salt ?? ''
    },
    ready: async (waitUntil) => {
      await opened(waitUntil)
    },
    insert: async (items, insertOptions = {}) =>
      (await opened(insertOptions.waitUntil)).insert(items, insertOptions),
    findAnswer: async (key, notBefore) => (await opened()).findAnswer(key, notBefore),
    purgeAnswers: async (before) => (await opened()).purgeAnswers(before),
    list: async (filter) => (await opened()).list(filter),
    claimOutbox: async (now, limit, leaseMs, channels) =>
      (await opened()).claimOutbox(now, limit, leaseMs, channels),
    nextOutboxAttempt: async (channels) => (await opened()).nextOutboxAttempt(channels),
    markDelivered: async (id, at) => (await opened()).markDelivered(id, at),
    markFailed: async (id, attempts, nextAttemptAt, error) =>
      (await opened()).markFailed(id, attempts, nextAttemptAt, error),
    undelivered: async () => (await opened()).undelivered(),
    durability: async () => (await opened()).durability(),
    close() {
      closing ??= (async () => {
        clearTimeout(timer)
        await attempt?.done.catch(() => undefined)
        await store?.close()
      })()
      return closing
    },
  }
}
