import { afterEach, beforeEach, expect, it } from 'vitest'
import { type NewSubmission, openStorage, type Storage } from './storage.ts'
import { makeSite, type SiteFixture } from './testing.ts'

let site: SiteFixture
let storage: Storage

beforeEach(async () => {
  site = await makeSite()
  storage = await openStorage(site.data)
})

afterEach(async () => {
  storage.close()
  await site.cleanup()
})

const submission = (id: string, extra: Partial<NewSubmission> = {}): NewSubmission => ({
  id,
  receivedAt: '2025-03-01T10:00:00.000Z',
  kind: 'contact',
  product: null,
  payload: { name: 'Asha' },
  spam: false,
  clientHash: 'h',
  notify: true,
  ...extra,
})

it('writes a batch in one transaction: all rows or none', () => {
  storage.insert([submission('a')])
  expect(() => storage.insert([submission('b'), submission('a')])).toThrow(/UNIQUE/)
  expect(storage.list().map((s) => s.id)).toEqual(['a'])
})

it('commits the idempotency key and the outbox entry with the row', () => {
  storage.insert([
    submission('a', {
      idempotency: { key: 'k', fingerprint: 'f', status: 201, body: '{"id":"a"}', createdAt: 5 },
    }),
    submission('s', { spam: true }),
  ])
  expect(storage.findAnswer('k', 0)).toEqual({ fingerprint: 'f', status: 201, body: '{"id":"a"}' })
  expect(storage.findAnswer('k', 6)).toBeUndefined()
  const due = storage.dueOutbox(Date.parse('2025-03-02'), 10)
  expect(due.map((e) => e.submission.id)).toEqual(['a'])
  storage.markFailed(due[0]?.id ?? 0, 1, Date.parse('2025-03-03'), 'HTTP 500')
  expect(storage.dueOutbox(Date.parse('2025-03-02'), 10)).toEqual([])
  expect(storage.nextOutboxAttempt()).toBe(Date.parse('2025-03-03'))
  storage.purgeAnswers(6)
  expect(storage.findAnswer('k', 0)).toBeUndefined()
})

it('keeps the data across a reopen, read-only for list and export', async () => {
  storage.insert([submission('a', { kind: 'enquiry', product: 'szephyr' })])
  storage.close()
  const reader = await openStorage(site.data, { readonly: true })
  try {
    expect(reader.list({ kind: 'enquiry' })).toEqual([
      {
        id: 'a',
        receivedAt: '2025-03-01T10:00:00.000Z',
        kind: 'enquiry',
        product: 'szephyr',
        payload: { name: 'Asha' },
        spam: false,
      },
    ])
    expect(() => reader.insert([submission('b')])).toThrow(/read-only/)
  } finally {
    reader.close()
  }
  storage = await openStorage(site.data)
})

it('commits with synchronous = FULL in WAL mode, so a 201 survives a power cut, not only a crash', () => {
  // SIGKILL tests cannot see a lost fsync: the setting on the connection that writes is the promise.
  expect(storage.durability()).toEqual({ journal: 'wal', synchronous: 'FULL' })
})

it('keeps the spam salt across a restart, so client hashes still group the same sender', async () => {
  const salt = storage.salt
  expect(salt).toMatch(/^[A-Za-z0-9_-]{16,}$/)
  storage.close()
  storage = await openStorage(site.data)
  expect(storage.salt).toBe(salt)
})

it('answers a repeated key from the real table within 24 hours and not after', () => {
  const createdAt = 1_000_000
  storage.insert([
    submission('k1', {
      idempotency: { key: 'key-1', fingerprint: 'p', status: 201, body: '{"id":"k1"}', createdAt },
    }),
  ])
  expect(storage.findAnswer('key-1', createdAt)).toEqual({
    fingerprint: 'p',
    status: 201,
    body: '{"id":"k1"}',
  })
  expect(storage.findAnswer('key-1', createdAt + 1)).toBeUndefined()
  storage.purgeAnswers(createdAt + 1)
  expect(storage.findAnswer('key-1', 0)).toBeUndefined()
})
