import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeSite, type SiteFixture } from '../tests/server-fixtures.ts'
import {
  type Answer,
  fingerprint,
  IDEMPOTENCY_WINDOW_MS,
  idempotency,
  KEY_REUSED,
  readKey,
} from './idempotency.ts'
import { KeyTaken, openStorage, type Storage } from './storage.ts'

let site: SiteFixture
let storage: Storage

beforeEach(async () => {
  site = await makeSite()
  storage = await openStorage(site.data)
})

afterEach(async () => {
  await storage.close()
  await site.cleanup()
})

/** What the API's submit does: one row, committed with its key. */
function producer(prefix = 'id') {
  let runs = 0
  const produce = async (record: { key: string; fingerprint: string; createdAt: number } | undefined) => {
    runs++
    const id = `${prefix}-${runs}`
    const answer: Answer = { status: 201, body: { id } }
    await storage.insert([
      {
        id,
        receivedAt: new Date(record?.createdAt ?? 0).toISOString(),
        kind: 'contact',
        product: null,
        payload: {},
        spam: false,
        clientHash: 'h',
        notify: [],
        ...(record && { idempotency: { ...record, status: 201, body: JSON.stringify(answer.body) } }),
      },
    ])
    return answer
  }
  return { produce, runs: () => runs }
}

describe('idempotency against the real store', () => {
  it('replays the stored answer within 24 hours and runs anew after', async () => {
    let now = 1_000_000
    const once = idempotency(storage, () => now).once
    const { produce, runs } = producer()
    const print = fingerprint('/contactinformations', { a: 1 })
    expect(await once('k', print, produce)).toEqual({ status: 201, body: { id: 'id-1' } })
    now += IDEMPOTENCY_WINDOW_MS
    expect(await once('k', print, produce)).toEqual({ status: 201, body: { id: 'id-1' } })
    now += 1
    expect(await once('k', print, produce)).toEqual({ status: 201, body: { id: 'id-2' } })
    expect(runs()).toBe(2)
    expect((await storage.list()).map((s) => s.id)).toEqual(['id-1', 'id-2'])
  })

  it('runs once for repeats that arrive together, and gives them all the first answer', async () => {
    const once = idempotency(storage).once
    const { produce, runs } = producer()
    const print = fingerprint('/contactinformations', { a: 1 })
    const answers = await Promise.all(Array.from({ length: 5 }, () => once('together', print, produce)))
    expect(runs()).toBe(1)
    expect(answers).toEqual(answers.map(() => ({ status: 201, body: { id: 'id-1' } })))
    expect((await storage.list()).map((s) => s.id)).toEqual(['id-1'])
  })

  it('a key raced by another instance replays the winner and stores nothing more', async () => {
    const now = 5_000
    const print = fingerprint('/contactinformations', { a: 1 })
    const winner = producer()
    await idempotency(storage, () => now).once('k', print, winner.produce)
    // The other instance looked before the winner committed: its own lookup found nothing.
    const blind = { findAnswer: async () => undefined }
    let looked = 0
    const late = idempotency(
      {
        findAnswer: async (key, notBefore) =>
          looked++ === 0 ? blind.findAnswer() : storage.findAnswer(key, notBefore),
      },
      () => now,
    )
    const loser = producer('late')
    expect(await late.once('k', print, loser.produce)).toEqual({ status: 201, body: { id: 'id-1' } })
    expect((await storage.list()).map((s) => s.id)).toEqual(['id-1'])
  })

  it('refuses a key reused for another request, stored or in flight', async () => {
    const once = idempotency(storage).once
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
    await new Promise((resolve) => setTimeout(resolve, 10))
    release({ status: 201, body: { id: 'x' } })
    expect(await first).toEqual({ status: 201, body: { id: 'x' } })
    expect(await twin).toEqual({ status: 201, body: { id: 'x' } })
  })
})

describe('idempotency when the write fails', () => {
  const print = fingerprint('/contactinformations', { a: 1 })
  const stored = { fingerprint: print, status: 201, body: '{"id":"other"}' }

  it('passes on a failure that is not a lost race, even when an answer for the key turns up', async () => {
    let looked = 0
    const once = idempotency({ findAnswer: async () => (looked++ === 0 ? undefined : stored) }).once
    await expect(
      once('k', print, async () => {
        throw new Error('disk full')
      }),
    ).rejects.toThrow('disk full')
  })

  it('passes on a lost race whose winner cannot be found, rather than answering nothing', async () => {
    const once = idempotency({ findAnswer: async () => undefined }).once
    await expect(
      once('k', print, async () => {
        throw new KeyTaken('k')
      }),
    ).rejects.toBeInstanceOf(KeyTaken)
  })
})

describe('idempotency without a key', () => {
  it('runs every request, together or not, with no key to commit', async () => {
    const records: unknown[] = []
    const once = idempotency({
      findAnswer: async () => ({ fingerprint: 'p', status: 201, body: '{"id":"stored"}' }),
    }).once
    const produce = async (record: unknown) => {
      records.push(record)
      return { status: 201, body: { id: `id-${records.length}` } }
    }
    const answers = await Promise.all([once(undefined, 'p', produce), once(undefined, 'p', produce)])
    expect(answers).toEqual([
      { status: 201, body: { id: 'id-1' } },
      { status: 201, body: { id: 'id-2' } },
    ])
    expect(records).toEqual([undefined, undefined])
  })
})

describe('keys and fingerprints', () => {
  it('reads the header: absent, valid, or malformed', () => {
    expect(readKey(undefined)).toEqual({ key: undefined })
    expect(readKey('0b7c-4e1f')).toEqual({ key: '0b7c-4e1f' })
    const malformed = 'malformed'
    expect(readKey('')).toEqual(malformed)
    expect(readKey('has space')).toEqual(malformed)
    expect(readKey(['a', 'b'])).toEqual(malformed)
    expect(readKey('x'.repeat(256))).toEqual(malformed)
  })

  it('tells different routes and bodies apart, but not the order of the fields', () => {
    expect(fingerprint('/a', { x: 1 })).toBe(fingerprint('/a', { x: 1 }))
    expect(fingerprint('/a', { x: 1, y: { b: 2, a: 1 } })).toBe(
      fingerprint('/a', { y: { a: 1, b: 2 }, x: 1 }),
    )
    expect(fingerprint('/a', { x: 1 })).not.toBe(fingerprint('/b', { x: 1 }))
    expect(fingerprint('/a', { x: 1 })).not.toBe(fingerprint('/a', { x: 2 }))
  })

  it('tells lists apart by their items and their order, and from an object with the same entries', () => {
    const of = (value: unknown) => fingerprint('/a', { x: value })
    expect(of([1])).not.toBe(of([2]))
    expect(of([12, 3])).not.toBe(of([1, 23]))
    expect(of(['a', 'b'])).not.toBe(of(['b', 'a']))
    expect(of([1, 2])).not.toBe(of({ 0: 1, 1: 2 }))
    expect(of([{ b: 1, a: 2 }])).toBe(of([{ a: 2, b: 1 }]))
  })
})
