import { createHash } from 'node:crypto'
import { API_MESSAGES, apiAnswer } from '../lib/api-messages.ts'
import { IDEMPOTENCY_WINDOW_MS, KeyTaken, type Storage } from './storage.ts'

export { IDEMPOTENCY_WINDOW_MS }

/** A status and a JSON body, as the API answers. */
export interface Answer {
  status: number
  body: unknown
}

/** What a write must commit with its row so that a repeat finds the answer. */
export interface KeyRecord {
  key: string
  fingerprint: string
  createdAt: number
}

const KEY = /^[\x21-\x7e]{1,255}$/

/** Reads the Idempotency-Key header: `undefined` when absent, `malformed` when it is not one. */
export function readKey(header: string | string[] | undefined): { key: string | undefined } | 'malformed' {
  if (header === undefined) return { key: undefined }
  if (Array.isArray(header) || !KEY.test(header)) return 'malformed'
  return { key: header }
}

/** JSON with the keys of every object sorted, so the order a client writes fields in does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** Identifies a request's content, so a key reused for a different request is caught. */
export function fingerprint(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonical(body)).digest('base64url')
}

export const KEY_REUSED: Answer = apiAnswer(API_MESSAGES.IdempotencyKeyReused, undefined)

/**
 * Gives every request with the same key the first answer. Stored answers (committed with their row)
 * are found in the database; a repeat that arrives while the first is still being processed on this
 * instance waits for it; one that raced it on another instance loses at the unique key and replays the
 * winner's answer.
 */
export function idempotency(storage: Pick<Storage, 'findAnswer'>, now: () => number = Date.now) {
  const inFlight = new Map<string, { fingerprint: string; answer: Promise<Answer> }>()

  const replay = async (key: string, print: string, time: number): Promise<Answer | undefined> => {
    const stored = await storage.findAnswer(key, time - IDEMPOTENCY_WINDOW_MS)
    if (!stored) return undefined
    return stored.fingerprint === print
      ? { status: stored.status, body: JSON.parse(stored.body) }
      : KEY_REUSED
  }

  const first = async (
    key: string,
    print: string,
    produce: (record: KeyRecord | undefined) => Promise<Answer>,
  ): Promise<Answer> => {
    const time = now()
    const stored = await replay(key, print, time)
    if (stored) return stored
    try {
      return await produce({ key, fingerprint: print, createdAt: time })
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error
      const winner = await replay(key, print, time)
      if (!winner) throw error
      return winner
    }
  }

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
      // Checked and set in one synchronous step, before any await: repeats arriving together join.
      const running = inFlight.get(key)
      if (running) return running.fingerprint === print ? running.answer : KEY_REUSED
      const answer = first(key, print, produce)
      inFlight.set(key, { fingerprint: print, answer })
      try {
        return await answer
      } finally {
        inFlight.delete(key)
      }
    },
  }
}
