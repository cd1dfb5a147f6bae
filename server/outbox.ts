import { type Channel, type OutboxEntry, type Storage, StorageBusy } from './storage.ts'

/** Sends one entry; resolves when the receiver accepted it, throws (with a message, no personal data) when not. */
export type Deliver = (entry: OutboxEntry, signal: AbortSignal) => Promise<void>

export interface OutboxOptions {
  storage: Pick<Storage, 'claimOutbox' | 'nextOutboxAttempt' | 'markDelivered' | 'markFailed'>
  /** How each channel this instance delivers is sent; entries of other channels are left alone. */
  deliverers: Partial<Record<Channel, Deliver>>
  /** Delay before the first retry; doubles on each failure. */
  baseDelayMs?: number
  /** The longest wait between two attempts. */
  maxDelayMs?: number
  /** How long one delivery may take. */
  timeoutMs?: number
  /**
   * How long a claimed entry stays this instance's: another instance takes it over after that (this
   * one died mid-delivery). A claimed batch is delivered in parallel, so three delivery timeouts leave
   * a live instance ample time to mark it.
   */
  leaseMs?: number
  /** One line per failed attempt, without personal data. */
  log?: (line: string) => void
  now?: () => number
}

export interface Outbox {
  /** Says that new entries were committed, so delivery starts without waiting for the next check. */
  notify(): void
  /** Stops the loop and aborts a delivery under way (its entry is tried again at the next start). */
  stop(): Promise<void>
}

/** Waits at most this long between two looks at the outbox table (entries another instance committed). */
const IDLE_CHECK_MS = 5_000

/** Entries claimed at once. */
const BATCH = 10

/** Delay after the `attempts`-th failure: base · 2^(attempts-1), capped. */
export function backoff(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(Math.max(0, attempts - 1), 40))
}

/** The JSON a webhook receives; `id` doubles as the Idempotency-Key header (delivery is at-least-once). */
export function webhookBody(entry: OutboxEntry) {
  const { id, kind, receivedAt, product, payload } = entry.submission
  return { event: 'submission.created', id, kind, receivedAt, product, payload }
}

const reason = (error: unknown) =>
  error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : 'failed'

/** POSTs each entry as JSON to `url`; any 2xx is a delivery. */
export function webhookDeliverer(url: string): Deliver {
  return async (entry, signal) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': entry.submission.id },
      body: JSON.stringify(webhookBody(entry)),
      signal,
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
  }
}

/**
 * Delivers outbox entries, oldest due first, a claimed batch at once, each through its channel's deliverer; a failure (network
 * error, timeout, refusal) is retried with exponential backoff. Entries are committed with their
 * submission, so a dead receiver delays notifications but never loses or blocks a submission. Several
 * instances may share one database: each claims entries under a lease, so one entry is with one
 * instance at a time (delivery stays at-least-once: a crash after sending and before marking sends again).
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const { storage, deliverers } = options
  const channels = Object.keys(deliverers) as Channel[]
  const baseDelayMs = options.baseDelayMs ?? 5_000
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000
  const timeoutMs = options.timeoutMs ?? 10_000
  const leaseMs = options.leaseMs ?? timeoutMs * 3
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})

  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  const abort = new AbortController()

  const deliver = async (entry: OutboxEntry): Promise<void> => {
    const send = deliverers[entry.channel]
    if (!send) return
    let problem: string
    try {
      await send(entry, AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]))
      await storage.markDelivered(entry.id, new Date(now()))
      return
    } catch (error) {
      // Stopping: hand the entry back at once instead of holding it for the rest of the lease.
      if (stopped) return storage.markFailed(entry.id, entry.attempts, now(), 'stopped')
      problem = reason(error)
    }
    const attempts = entry.attempts + 1
    const delay = backoff(attempts, baseDelayMs, maxDelayMs)
    await storage.markFailed(entry.id, attempts, now() + delay, problem)
    log(
      `${entry.channel} delivery failed (attempt ${attempts}, ${problem}); next try in ${Math.round(delay / 1000)} s`,
    )
  }

  const drain = async () => {
    while (!stopped) {
      again = false
      const due = await storage.claimOutbox(now(), BATCH, leaseMs, channels)
      await Promise.all(due.map(deliver))
      if (due.length === 0 && !again) break
    }
  }

  const schedule = async () => {
    if (stopped) return
    clearTimeout(timer)
    let next: number | undefined
    try {
      next = await storage.nextOutboxAttempt(channels)
    } catch {
      next = undefined
    }
    if (stopped) return
    const wait = again
      ? 0
      : next === undefined
        ? IDLE_CHECK_MS
        : Math.min(IDLE_CHECK_MS, Math.max(0, next - now()))
    timer = setTimeout(wake, wait)
    timer.unref()
  }

  const wake = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = drain()
      // A failing store is said once by the store itself (storage-health.ts), not on every look.
      .catch((error) => {
        if (!(error instanceof StorageBusy)) log(`outbox paused on an error: ${reason(error)}`)
      })
      .then(schedule)
      .finally(() => {
        running = undefined
      })
  }

  wake()
  return {
    notify: wake,
    async stop() {
      stopped = true
      clearTimeout(timer)
      abort.abort()
      await running
    },
  }
}
