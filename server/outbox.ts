import type { OutboxEntry, Storage } from './storage.ts'

export interface OutboxOptions {
  storage: Pick<Storage, 'dueOutbox' | 'nextOutboxAttempt' | 'markDelivered' | 'markFailed'>
  /** Where each new submission is POSTed as JSON. */
  url: string
  /** Delay before the first retry; doubles on each failure. */
  baseDelayMs?: number
  /** The longest wait between two attempts. */
  maxDelayMs?: number
  /** How long one delivery may take. */
  timeoutMs?: number
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

/** Waits at most this long between two looks at the outbox table. */
const IDLE_CHECK_MS = 60_000

/** Delay after the `attempts`-th failure: base · 2^(attempts-1), capped. */
export function backoff(attempts: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(Math.max(0, attempts - 1), 40))
}

/** The JSON a webhook receives; `id` doubles as the Idempotency-Key header (delivery is at-least-once). */
export function webhookBody(entry: OutboxEntry) {
  const { id, kind, receivedAt, product, payload } = entry.submission
  return { event: 'submission.created', id, kind, receivedAt, product, payload }
}

/**
 * Delivers outbox entries to the webhook one at a time, oldest due first; a failure (network error,
 * timeout, non-2xx) is retried with exponential backoff. Entries are committed with their submission,
 * so a dead webhook delays notifications but never loses or blocks a submission.
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const { storage, url } = options
  const baseDelayMs = options.baseDelayMs ?? 5_000
  const maxDelayMs = options.maxDelayMs ?? 60 * 60 * 1000
  const timeoutMs = options.timeoutMs ?? 10_000
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})

  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  const abort = new AbortController()

  const deliver = async (entry: OutboxEntry): Promise<void> => {
    let problem: string
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': entry.submission.id },
        body: JSON.stringify(webhookBody(entry)),
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
      })
      await response.body?.cancel()
      if (response.ok) {
        storage.markDelivered(entry.id, new Date(now()))
        return
      }
      problem = `HTTP ${response.status}`
    } catch (error) {
      if (stopped) return
      problem =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : 'failed'
    }
    const attempts = entry.attempts + 1
    const delay = backoff(attempts, baseDelayMs, maxDelayMs)
    storage.markFailed(entry.id, attempts, now() + delay, problem)
    log(
      `webhook delivery failed (attempt ${attempts}, ${problem}); next try in ${Math.round(delay / 1000)} s`,
    )
  }

  const drain = async () => {
    while (!stopped) {
      again = false
      const due = storage.dueOutbox(now(), 20)
      for (const entry of due) {
        if (stopped) return
        await deliver(entry)
      }
      if (due.length === 0 && !again) break
    }
  }

  const schedule = () => {
    if (stopped) return
    clearTimeout(timer)
    const next = storage.nextOutboxAttempt()
    const wait = next === undefined ? IDLE_CHECK_MS : Math.min(IDLE_CHECK_MS, Math.max(0, next - now()))
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
      .catch((error) =>
        log(`webhook outbox stopped on an error: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => {
        running = undefined
        schedule()
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
