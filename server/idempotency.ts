import { createHash } from 'node:crypto'
import type { Storage } from './storage.ts'

/** How long the first answer for an Idempotency-Key is kept. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/** A status and a JSON body, as the API answers. */
export interface Answer {
  status: number
  body: unknown
  /** Extra response headers, e.g. Retry-After on a 503. */
  headers?: Record<string, string>
}

/** What a write must commit with its row so that a repeat finds the answer. */
export interface KeyRecord {
  key: string
  fingerprint: string
  createdAt: number
}

const KEY = /^[\x21-\x7e]{1,255}$/

/**
 * Reads the Idempotency-Key header: `undefined` when absent, an error message when malformed.
 */
export function readKey(
  header: string | string[] | undefined,
): { key: string | undefined } | { error: string } {
  if (header === undefined) return { key: undefined }
  if (Array.isArray(header) || !KEY.test(header))
    return { error: 'The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters.' }
  return { key: header }
}

/** Identifies a request's content, so a key reused for a different request is caught. */
export function fingerprint(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('base64url')
}

/** JSON with object keys sorted at every level, so the same form sent with its fields in another order matches. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  )
}

export const KEY_REUSED: Answer = {
  status: 409,
  body: {
    error: 'This Idempotency-Key was already used for a different request; use a new key for new data.',
  },
}

/**
 * Gives every request with the same key the first answer. Stored answers (committed with their row)
 * are found in the database; a repeat that arrives while the first is still being processed waits for it.
 */
export function idempotency(storage: Pick<Storage, 'findAnswer'>, now: () => number = Date.now) {
  const inFlight = new Map<string, { fingerprint: string; answer: Promise<Answer> }>()

  return {
    /**
     * Answers a request: `produce` runs at most once per key and gets the record to commit with its row
     * (only answers it commits are replayed later; refusals such as 422 are not kept).
     */
    async once(
      key: string | undefined,
      print: string,
      produce: (record: KeyRecord | undefined) => Promise<Answer>,
    ): Promise<Answer> {
      if (key === undefined) return produce(undefined)
      const time = now()
      const stored = storage.findAnswer(key, time - IDEMPOTENCY_WINDOW_MS)
      if (stored)
        return stored.fingerprint === print
          ? { status: stored.status, body: JSON.parse(stored.body) }
          : KEY_REUSED
      const running = inFlight.get(key)
      if (running) return running.fingerprint === print ? running.answer : KEY_REUSED
      const answer = produce({ key, fingerprint: print, createdAt: time })
      inFlight.set(key, { fingerprint: print, answer })
      try {
        return await answer
      } finally {
        inFlight.delete(key)
      }
    },
  }
}
