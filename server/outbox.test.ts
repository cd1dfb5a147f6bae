import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { backoff } from './outbox.ts'
import type { RunningServer } from './serve.ts'
import { makeSite, postJson, type SiteFixture, startFixtureServer, VALID } from './testing.ts'

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
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`never happened: ${what}`)
}

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
      async () => (await server.storage.nextOutboxAttempt()) === undefined,
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
    expect(await server.storage.nextOutboxAttempt()).toBeUndefined()
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
    expect(await first.storage.nextOutboxAttempt()).toBeDefined()
    await first.close()
    running.splice(running.indexOf(first), 1)

    const alive = await webhook([200])
    hooks.push(alive.server)
    const second = await start(alive.url)
    await eventually(() => alive.calls.some((c) => c.body.id === id), 'delivery after the restart')
    await eventually(
      async () => (await second.storage.nextOutboxAttempt()) === undefined,
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
          next = await storage.nextOutboxAttempt()
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
