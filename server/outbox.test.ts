import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  eventually,
  makeSite,
  postJson,
  type SiteFixture,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import { backoff, startOutbox, webhookDeliverer } from './outbox.ts'
import type { RunningServer } from './serve.ts'
import { CHANNELS, type OutboxEntry } from './storage.ts'

interface Call {
  headers: IncomingHttpHeaders
  body: { id: string; kind: string; product: string | null; payload: Record<string, unknown> }
}

/** A local webhook that answers with the next status of `statuses` (the last one repeats). */
async function webhook(statuses: number[]): Promise<{ url: string; calls: Call[]; server: Server }> {
  const calls: Call[] = []
  const server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    request.on('end', () => {
      calls.push({ headers: request.headers, body: JSON.parse(text) })
      response.statusCode = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, calls, server }
}

/** Waits until `check` holds; fails only if it never does. */

let site: SiteFixture
const running: RunningServer[] = []
const hooks: Server[] = []

const start = async (url: string) => {
  const server = await startFixtureServer(site, {
    webhook: { url },
    outbox: { baseDelayMs: 20, maxDelayMs: 40 },
  })
  running.push(server)
  return server
}

beforeEach(async () => {
  site = await makeSite()
})

afterEach(async () => {
  for (const server of running.splice(0)) await server.close()
  for (const hook of hooks.splice(0)) hook.close()
  await site.cleanup()
})

describe('webhook outbox', () => {
  it('delivers each new submission, retrying failures, with the id as Idempotency-Key', async () => {
    const hook = await webhook([500, 503, 204])
    hooks.push(hook.server)
    const server = await start(hook.url)
    const response = await postJson(
      `${server.url}/api/productregistration`,
      VALID['/api/productregistration'],
    )
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    await eventually(() => hook.calls.length === 3, 'three delivery attempts')
    await eventually(
      async () => (await server.storage.nextOutboxAttempt(CHANNELS)) === undefined,
      'the entry marked delivered',
    )
    expect(hook.calls.map((c) => c.body.id)).toEqual([id, id, id])
    expect(hook.calls[0]?.headers['idempotency-key']).toBe(id)
    expect(hook.calls[0]?.body).toMatchObject({
      kind: 'enquiry',
      product: 'szephyr',
      payload: VALID['/api/productregistration'],
    })
  })

  it('queues no notification for spam', async () => {
    const hook = await webhook([500])
    hooks.push(hook.server)
    const server = await start(hook.url)
    await postJson(`${server.url}/api/contactinformations`, {
      ...VALID['/api/contactinformations'],
      website: 'x',
    })
    expect(await server.storage.nextOutboxAttempt(CHANNELS)).toBeUndefined()
  })

  it('a dead webhook neither blocks nor loses a submission: it is delivered after a restart', async () => {
    const dead = await webhook([200])
    const deadUrl = dead.url
    await new Promise((resolve) => dead.server.close(resolve))
    const first = await start(deadUrl)
    const response = await postJson(`${first.url}/api/contactinformations`, VALID['/api/contactinformations'])
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect((await first.storage.list()).map((s) => s.id)).toContain(id)
    expect(await first.storage.nextOutboxAttempt(CHANNELS)).toBeDefined()
    await first.close()
    running.splice(running.indexOf(first), 1)

    const alive = await webhook([200])
    hooks.push(alive.server)
    const second = await start(alive.url)
    await eventually(() => alive.calls.some((c) => c.body.id === id), 'delivery after the restart')
    await eventually(
      async () => (await second.storage.nextOutboxAttempt(CHANNELS)) === undefined,
      'the entry marked delivered',
    )
  })
})

describe('backoff', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoff(n, 5_000, 3_600_000))).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(backoff(30, 5_000, 3_600_000)).toBe(3_600_000)
    expect(backoff(10_000, 5_000, 3_600_000)).toBe(3_600_000)
  })
})

describe('retries', () => {
  it('waits longer after each failure: base, then twice, then four times', async () => {
    const { openStorage } = await import('./storage.ts')
    const { startOutbox } = await import('./outbox.ts')
    const storage = await openStorage(site.data)
    let now = Date.parse('2025-03-01T10:00:00.000Z')
    await storage.insert([
      {
        id: 'a',
        receivedAt: new Date(now).toISOString(),
        kind: 'contact',
        product: null,
        payload: {},
        spam: false,
        clientHash: 'h',
        notify: ['webhook'],
      },
    ])
    const waits: number[] = []
    let attempts = 0
    const outbox = startOutbox({
      storage,
      deliverers: {
        webhook: async () => {
          attempts++
          throw new Error('HTTP 500')
        },
      },
      baseDelayMs: 1_000,
      maxDelayMs: 60_000,
      now: () => now,
    })
    try {
      for (let n = 1; n <= 4; n++) {
        await eventually(() => attempts === n, `attempt ${n}`)
        let next: number | undefined
        await eventually(async () => {
          next = await storage.nextOutboxAttempt(CHANNELS)
          return next !== undefined && next > now
        }, `attempt ${n} recorded`)
        waits.push((next ?? now) - now)
        now = next ?? now
        outbox.notify()
      }
      expect(waits).toEqual([1_000, 2_000, 4_000, 8_000])
    } finally {
      await outbox.stop()
      await storage.close()
    }
  })
})

describe('the webhook request', () => {
  const entry: OutboxEntry = {
    id: 1,
    channel: 'webhook',
    attempts: 0,
    submission: {
      id: 'sub-1',
      receivedAt: '2025-03-01T10:00:00.000Z',
      kind: 'contact',
      product: null,
      payload: { name: 'Asha' },
      spam: false,
    },
  }

  it('POSTs the submission as JSON, event submission.created, and names a refusal by its status', async () => {
    const hook = await webhook([200, 500])
    try {
      const deliver = webhookDeliverer(hook.url)
      await deliver(entry, new AbortController().signal)
      expect(hook.calls[0]?.headers['content-type']).toBe('application/json')
      expect(hook.calls[0]?.body).toEqual({
        event: 'submission.created',
        id: 'sub-1',
        kind: 'contact',
        receivedAt: '2025-03-01T10:00:00.000Z',
        product: null,
        payload: { name: 'Asha' },
      })
      await expect(deliver(entry, new AbortController().signal)).rejects.toThrow(/^HTTP 500$/)
    } finally {
      hook.server.close()
    }
  })
})

describe('the outbox loop', () => {
  /** A storage stand-in holding one entry due now, that records what the outbox marks. */
  function oneEntry() {
    const marks: { delivered: number[]; failed: [number, number, string][] } = { delivered: [], failed: [] }
    let due = true
    const storage = {
      claimOutbox: async () => {
        if (!due) return []
        due = false
        return [{ ...entryOf(), channel: 'webhook' as const }]
      },
      nextOutboxAttempt: async () => undefined,
      markDelivered: async (id: number) => {
        marks.delivered.push(id)
      },
      markFailed: async (id: number, attempts: number, _at: number, problem: string) => {
        marks.failed.push([id, attempts, problem])
      },
    }
    return { storage, marks }
  }
  const entryOf = (): OutboxEntry => ({
    id: 7,
    channel: 'webhook',
    attempts: 2,
    submission: { id: 's', receivedAt: 'r', kind: 'contact', product: null, payload: {}, spam: false },
  })

  it('says "failed" for a deliverer that throws something other than an Error', async () => {
    const { storage, marks } = oneEntry()
    const lines: string[] = []
    const outbox = startOutbox({
      storage,
      deliverers: {
        webhook: async () => {
          throw 'nope'
        },
      },
      log: (line) => lines.push(line),
    })
    try {
      for (let i = 0; i < 200 && marks.failed.length === 0; i++) await new Promise((r) => setTimeout(r, 5))
      expect(marks.failed).toEqual([[7, 3, 'failed']])
      expect(lines).toEqual(['webhook delivery failed (attempt 3, failed); next try in 20 s'])
    } finally {
      await outbox.stop()
    }
  })

  it('hands an entry back as "stopped", attempts unchanged, when stopped mid-delivery', async () => {
    const { storage, marks } = oneEntry()
    let started = false
    const outbox = startOutbox({
      storage,
      deliverers: {
        webhook: (_entry, signal) =>
          new Promise((_resolve, reject) => {
            started = true
            signal.addEventListener('abort', () => reject(new Error('aborted')))
          }),
      },
    })
    for (let i = 0; i < 200 && !started; i++) await new Promise((r) => setTimeout(r, 5))
    await outbox.stop()
    expect(marks.failed).toEqual([[7, 2, 'stopped']])
    expect(marks.delivered).toEqual([])
  })
})

describe('when the outbox looks again', () => {
  const T0 = Date.parse('2025-03-01T10:00:00.000Z')

  /**
   * A storage stand-in on a fake clock: it records each claim (when, lease, channels) and answers the
   * next attempt with `next()`. Entries to hand out are pushed onto `queue`.
   */
  function clockStorage(next: () => Promise<number | undefined> = async () => undefined) {
    const claims: { at: number; leaseMs: number; channels: string[] }[] = []
    const failed: { attempts: number; at: number; problem: string }[] = []
    const queue: OutboxEntry[][] = []
    const storage = {
      claimOutbox: async (at: number, _batch: number, leaseMs: number, channels: readonly string[]) => {
        claims.push({ at, leaseMs, channels: [...channels] })
        return queue.shift() ?? []
      },
      nextOutboxAttempt: next,
      markDelivered: async () => {},
      markFailed: async (_id: number, attempts: number, at: number, problem: string) => {
        failed.push({ attempts, at, problem })
      },
    }
    return { storage, claims, failed, queue }
  }
  const entry = (attempts = 0): OutboxEntry => ({
    id: 1,
    channel: 'webhook',
    attempts,
    submission: { id: 's', receivedAt: 'r', kind: 'contact', product: null, payload: {}, spam: false },
  })
  const outboxes: { stop(): Promise<void> }[] = []

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
  })
  afterEach(async () => {
    for (const outbox of outboxes.splice(0)) await outbox.stop()
    vi.useRealTimers()
  })
  const start = (options: Omit<Parameters<typeof startOutbox>[0], 'now'>) => {
    const outbox = startOutbox({ ...options, now: Date.now })
    outboxes.push(outbox)
    return outbox
  }

  it('sleeps until the next attempt is due, when that comes before the idle check', async () => {
    const { storage, claims } = clockStorage(async () => T0 + 3_000)
    start({ storage, deliverers: { webhook: async () => {} } })
    await vi.advanceTimersByTimeAsync(0)
    expect(claims.map((c) => c.at)).toEqual([T0])
    await vi.advanceTimersByTimeAsync(2_999)
    expect(claims).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(claims.map((c) => c.at)).toEqual([T0, T0 + 3_000])
  })

  it('looks every 5 s when nothing is due, when the next attempt is further off, or when asking fails', async () => {
    for (const next of [
      async () => undefined,
      async () => Date.now() + 60_000,
      async () => {
        throw new Error('database gone')
      },
    ]) {
      const { storage, claims } = clockStorage(next)
      const outbox = start({ storage, deliverers: { webhook: async () => {} } })
      const t = Date.now()
      await vi.advanceTimersByTimeAsync(4_999)
      expect(claims.map((c) => c.at - t)).toEqual([0])
      await vi.advanceTimersByTimeAsync(1)
      expect(claims.map((c) => c.at - t)).toEqual([0, 5_000])
      await outbox.stop()
    }
  })

  it('a due time already past is tried at once, not after the idle check', async () => {
    const { storage, claims } = clockStorage(async () => T0 - 1_000)
    start({ storage, deliverers: { webhook: async () => {} } })
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(claims.length).toBeGreaterThan(1)
  })

  it('a notice while it asks when to look next starts a look at once, not at the next check', async () => {
    let answer: (at: number | undefined) => void = () => {}
    let asked = 0
    const { storage, claims } = clockStorage(() =>
      asked++ === 0
        ? new Promise((resolve) => {
            answer = resolve
          })
        : Promise.resolve(undefined),
    )
    const outbox = start({ storage, deliverers: { webhook: async () => {} } })
    await vi.advanceTimersByTimeAsync(0)
    expect(claims).toHaveLength(1)
    // A submission is committed just after the look found nothing, before the next one is set.
    outbox.notify()
    answer(undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(claims.map((c) => c.at)).toEqual([T0, T0])
  })

  it('a notice during a delivery does not start a second look beside it', async () => {
    const { storage, claims, queue } = clockStorage()
    let release = () => {}
    queue.push([entry()])
    const outbox = start({
      storage,
      deliverers: {
        webhook: () =>
          new Promise<void>((resolve) => {
            release = resolve
          }),
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    outbox.notify()
    await vi.advanceTimersByTimeAsync(0)
    expect(claims).toHaveLength(1)
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(claims).toHaveLength(2)
  })

  it('claims under a lease of three delivery timeouts, for the channels it delivers', async () => {
    const { storage, claims } = clockStorage()
    start({ storage, deliverers: { webhook: async () => {} } })
    start({ storage, deliverers: { mail: async () => {}, webhook: async () => {} }, timeoutMs: 2_000 })
    start({ storage, deliverers: { webhook: async () => {} }, leaseMs: 1_234 })
    await vi.advanceTimersByTimeAsync(0)
    expect(claims.map(({ leaseMs, channels }) => ({ leaseMs, channels }))).toEqual([
      { leaseMs: 30_000, channels: ['webhook'] },
      { leaseMs: 6_000, channels: ['mail', 'webhook'] },
      { leaseMs: 1_234, channels: ['webhook'] },
    ])
  })

  it('waits at most an hour between two attempts unless told otherwise', async () => {
    const { storage, failed, queue } = clockStorage()
    queue.push([entry(20)])
    start({
      storage,
      deliverers: {
        webhook: async () => {
          throw new Error('HTTP 503')
        },
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(failed).toEqual([{ attempts: 21, at: T0 + 3_600_000, problem: 'HTTP 503' }])
  })

  it('logs an error of the store and keeps looking', async () => {
    const { storage, claims } = clockStorage()
    const lines: string[] = []
    let broken = true
    const claim = storage.claimOutbox
    storage.claimOutbox = async (...args) => {
      if (broken) {
        broken = false
        throw new Error('database is locked')
      }
      return claim(...args)
    }
    start({ storage, deliverers: { webhook: async () => {} }, log: (line) => lines.push(line) })
    await vi.advanceTimersByTimeAsync(0)
    expect(lines).toEqual(['outbox paused on an error: database is locked'])
    await vi.advanceTimersByTimeAsync(5_000)
    expect(claims.map((c) => c.at)).toEqual([T0 + 5_000])
  })

  it('after stop() nothing is claimed again, whatever wakes it', async () => {
    let answer: (at: number | undefined) => void = () => {}
    const { storage, claims } = clockStorage(
      () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    )
    const outbox = start({ storage, deliverers: { webhook: async () => {} } })
    await vi.advanceTimersByTimeAsync(0)
    expect(claims).toHaveLength(1)
    // Stopped while it asks when to look next: the answer must not set a timer.
    const stopping = outbox.stop()
    answer(Date.now() + 1_000)
    await stopping
    expect(vi.getTimerCount()).toBe(0)
    outbox.notify()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(claims).toHaveLength(1)
  })

  it('stopped mid-delivery, it does not ask the store anything more', async () => {
    let asked = 0
    const { storage, queue } = clockStorage(async () => {
      asked++
      return undefined
    })
    queue.push([entry()])
    const outbox = start({
      storage,
      deliverers: {
        webhook: (_entry, signal) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      },
    })
    await vi.advanceTimersByTimeAsync(0)
    await outbox.stop()
    expect(asked).toBe(0)
  })

  it('gives a delivery timeoutMs, then aborts it and retries later', async () => {
    vi.useRealTimers()
    const { storage, failed, queue } = clockStorage()
    queue.push([entry()])
    const outbox = startOutbox({
      storage,
      deliverers: {
        webhook: (_entry, signal) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      },
      timeoutMs: 50,
      baseDelayMs: 1_000,
    })
    outboxes.push(outbox)
    for (let i = 0; i < 200 && failed.length === 0; i++) await new Promise((r) => setTimeout(r, 5))
    expect(failed).toHaveLength(1)
    expect(failed[0]?.attempts).toBe(1)
    expect(failed[0]?.problem).toMatch(/timeout|timed out/i)
  })
})
