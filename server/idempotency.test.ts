import { describe, expect, it } from 'vitest'
import {
  type Answer,
  fingerprint,
  IDEMPOTENCY_WINDOW_MS,
  idempotency,
  KEY_REUSED,
  readKey,
} from './idempotency.ts'
import type { StoredAnswer } from './storage.ts'

/** An in-memory stand-in for the idempotency_keys table. */
function table() {
  const rows = new Map<string, StoredAnswer & { createdAt: number }>()
  return {
    rows,
    findAnswer: (key: string, notBefore: number) => {
      const row = rows.get(key)
      return row && row.createdAt >= notBefore ? row : undefined
    },
  }
}

describe('idempotency', () => {
  it('replays the stored answer within 24 hours and runs anew after', async () => {
    const store = table()
    let now = 1_000
    const once = idempotency(store, () => now).once
    let runs = 0
    const produce = async (
      record: { key: string; fingerprint: string; createdAt: number } | undefined,
    ): Promise<Answer> => {
      runs++
      const answer = { status: 201, body: { id: `id-${runs}` } }
      if (record) store.rows.set(record.key, { ...record, status: 201, body: JSON.stringify(answer.body) })
      return answer
    }
    const print = fingerprint('/contactinformations', { a: 1 })
    expect(await once('k', print, produce)).toEqual({ status: 201, body: { id: 'id-1' } })
    now += IDEMPOTENCY_WINDOW_MS
    expect(await once('k', print, produce)).toEqual({ status: 201, body: { id: 'id-1' } })
    now += 1
    expect(await once('k', print, produce)).toEqual({ status: 201, body: { id: 'id-2' } })
    expect(runs).toBe(2)
  })

  it('refuses a key reused for another request, stored or in flight', async () => {
    const store = table()
    const once = idempotency(store).once
    let release: (a: Answer) => void = () => {}
    const first = once(
      'k',
      'print-a',
      () =>
        new Promise<Answer>((resolve) => {
          release = resolve
        }),
    )
    expect(await once('k', 'print-b', async () => ({ status: 201, body: {} }))).toBe(KEY_REUSED)
    const twin = once('k', 'print-a', async () => ({ status: 500, body: 'must not run' }))
    release({ status: 201, body: { id: 'x' } })
    expect(await first).toEqual({ status: 201, body: { id: 'x' } })
    expect(await twin).toEqual({ status: 201, body: { id: 'x' } })
  })

  it('reads the header: absent, valid, or malformed', () => {
    expect(readKey(undefined)).toEqual({ key: undefined })
    expect(readKey('0b7c-4e1f')).toEqual({ key: '0b7c-4e1f' })
    expect(readKey('')).toHaveProperty('error')
    expect(readKey('has space')).toHaveProperty('error')
    expect(readKey(['a', 'b'])).toHaveProperty('error')
  })

  it('tells different routes and bodies apart', () => {
    expect(fingerprint('/a', { x: 1 })).toBe(fingerprint('/a', { x: 1 }))
    expect(fingerprint('/a', { x: 1 })).not.toBe(fingerprint('/b', { x: 1 }))
    expect(fingerprint('/a', { x: 1 })).not.toBe(fingerprint('/a', { x: 2 }))
  })
})
