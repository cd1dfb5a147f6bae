/**
 * How createApp uses its options, each on an app built inside the test (so a mutation run counts the
 * test as holding the option): the default log, which errors are logged, the database it is given,
 * and answers while it shuts down.
 */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeSite, type SiteFixture, SLUGS, VALID } from '../tests/server-fixtures.ts'
import { type AppOptions, batchDeadline, createApp } from './app.ts'
import { clientError } from './http-server.ts'
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.ts'

let site: SiteFixture

beforeAll(async () => {
  site = await makeSite()
})

afterAll(() => site?.cleanup())

const options = (more: Partial<AppOptions> = {}): AppOptions => ({
  dist: site.dist,
  dataDir: site.data,
  productSlugs: SLUGS,
  rateLimit: 0,
  ...more,
})

/** A valid contact form, posted to `app` in-process. */
const postContact = (app: Awaited<ReturnType<typeof createApp>>) =>
  app.fastify.inject({
    method: 'POST',
    url: '/api/contactinformations',
    headers: { 'content-type': 'application/json' },
    payload: VALID['/api/contactinformations'],
  })

describe('createApp', () => {
  it('logs each request to the console when given no log of its own', async () => {
    const console_ = vi.spyOn(console, 'log').mockImplementation(() => {})
    const app = await createApp(options())
    try {
      await app.fastify.inject('/aboutus?ref=mail')
      expect(console_.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(/^GET \/aboutus 200 \d+\.\dms$/),
      ])
    } finally {
      await app.fastify.close()
      console_.mockRestore()
    }
  })

  it('logs an error line only for a fault of its own, not for a request it refuses', async () => {
    const lines: string[] = []
    const app = await createApp(options({ log: (line) => lines.push(line) }))
    try {
      const refused = await app.fastify.inject({
        method: 'POST',
        url: '/api/contactinformations',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      })
      expect(refused.statusCode).toBe(400)
      expect((await app.fastify.inject('/nowhere')).statusCode).toBe(404)
      expect(lines.filter((line) => line.startsWith('error:'))).toEqual([])
      expect(lines).toHaveLength(2)
    } finally {
      await app.fastify.close()
    }
  })

  it('keeps submissions in the database it is given: an unreachable one still starts, serves pages, answers 503, never a quiet SQLite (issue #47)', async () => {
    const lines: string[] = []
    const data = path.join(site.dir, 'never-sqlite')
    const app = await createApp(
      options({
        dataDir: data,
        databaseUrl: 'postgres://site:s3cret@127.0.0.1:1/site',
        busyWaitMs: 300,
        log: (line) => lines.push(line),
      }),
    )
    try {
      expect((await app.fastify.inject('/aboutus')).statusCode).toBe(200)
      const answer = await postContact(app)
      expect(answer.statusCode).toBe(503)
      expect(answer.headers['retry-after']).toBe('5')
      expect(lines[0]).toMatch(
        /^Cannot reach the database at postgres:\/\/site:\*\*\*@127\.0\.0\.1:1\/site yet \(.*ECONNREFUSED.*\): serving the site now; the API answers 503 with Retry-After until the database is reached, tried again in the background\.$/,
      )
      expect(lines.join('\n')).not.toContain('s3cret')
      expect(existsSync(data)).toBe(false)
    } finally {
      await app.fastify.close()
    }
  })

  it('closes the connection of an answer sent while it shuts down, and still stores the form', async () => {
    const app = await createApp(options())
    await app.fastify.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.fastify.server.address() as AddressInfo
    // Before the shutdown, an answer keeps its connection open.
    const before = await new Promise<string | undefined>((resolve, reject) => {
      request(
        { port, host: '127.0.0.1', path: '/aboutus', agent: false, headers: { connection: 'keep-alive' } },
        (res) => {
          res.resume()
          resolve(res.headers.connection)
          res.socket.destroy()
        },
      )
        .on('error', reject)
        .end()
    })
    expect(before).toBe('keep-alive')
    const body = JSON.stringify(VALID['/api/contactinformations'])
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/contactinformations',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            connection: 'keep-alive',
          },
        },
        (res) => {
          res.resume()
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection })
        },
      )
      req.on('error', reject)
      // Half the body now; the rest once the shutdown has begun.
      req.write(body.slice(0, 10))
      setTimeout(() => {
        closed = app.fastify.close()
        setImmediate(() => req.end(body.slice(10)))
      }, 50)
    })
    let closed: Promise<void> | undefined
    expect(await answer).toEqual({ status: 201, connection: 'close' })
    await closed
  })

  it('hands a stored submission to the outbox at once, not at its next scheduled look', async () => {
    // The outbox's own timers never fire here: only the app's wake-up after the commit can start it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] })
    const delivered: string[] = []
    const app = await createApp(
      options({
        dataDir: `${site.data}-outbox`,
        deliverers: {
          webhook: async (entry) => {
            delivered.push(entry.submission.id)
          },
        },
      }),
    )
    try {
      const answer = await postContact(app)
      expect(answer.statusCode).toBe(201)
      const { id } = answer.json() as { id: string }
      for (let turn = 0; turn < 200 && delivered.length === 0; turn++)
        await new Promise((resolve) => setImmediate(resolve))
      expect(delivered).toEqual([id])
    } finally {
      vi.useRealTimers()
      await app.fastify.close()
    }
  })

  it('refuses to start, and says why, when the site cannot be served', async () => {
    const error = await createApp(options({ dist: path.join(site.dist, 'index.html') })).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.message).toBe('"root" option must point to a directory')
  })

  it.each([
    5, 0,
  ])('every minute forgets idempotency answers past their window (rate limit %i)', async (rateLimit) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'], now: Date.UTC(2026, 10, 23, 12) })
    const app = await createApp(options({ rateLimit }))
    try {
      const purged: number[] = []
      vi.spyOn(app.storage, 'purgeAnswers').mockImplementation(async (before) => {
        purged.push(before)
      })
      vi.advanceTimersByTime(59_999)
      expect(purged).toEqual([])
      vi.advanceTimersByTime(1)
      expect(purged).toEqual([Date.now() - IDEMPOTENCY_WINDOW_MS])
    } finally {
      vi.useRealTimers()
      await app.fastify.close()
    }
  })
})

describe('the client address', () => {
  const post = (app: Awaited<ReturnType<typeof createApp>>, forwardedFor?: string) =>
    app.fastify
      .inject({
        method: 'POST',
        url: '/api/contactinformations',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor && { 'x-forwarded-for': forwardedFor }),
        },
        payload: VALID['/api/contactinformations'],
      })
      .then((r) => r.statusCode)

  it('is the connection’s without --trust-proxy: writing X-Forwarded-For does not dodge the limit', async () => {
    const app = await createApp(options({ dataDir: `${site.data}-untrusted`, rateLimit: 2 }))
    try {
      const statuses = []
      for (const n of [1, 2, 3]) statuses.push(await post(app, `198.51.100.${n}`))
      expect(statuses).toEqual([201, 201, 429])
    } finally {
      await app.fastify.close()
    }
  })

  it('is the one a listed proxy forwarded for', async () => {
    const app = await createApp(
      options({ dataDir: `${site.data}-listed`, rateLimit: 2, trustProxy: ['127.0.0.1'] }),
    )
    try {
      const statuses = []
      for (let n = 0; n < 3; n++) statuses.push(await post(app, '198.51.100.1'))
      statuses.push(await post(app, '198.51.100.2'))
      expect(statuses).toEqual([201, 201, 429, 201])
    } finally {
      await app.fastify.close()
    }
  })
})

describe('security headers on every answer', () => {
  it('leave a header the file’s own _headers rules gave it as they gave it', async () => {
    const own = await makeSite()
    try {
      await mkdir(path.join(own.dist, 'special'), { recursive: true })
      await writeFile(path.join(own.dist, 'special', 'index.html'), '<h1>Special</h1>')
      await writeFile(path.join(own.dist, '_headers'), '/*\n  X-Test: a\n/special\n  X-Test: b\n')
      const app = await createApp(options({ dist: own.dist, dataDir: own.data }))
      try {
        expect((await app.fastify.inject('/special')).headers['x-test']).toBe('a, b')
        expect((await app.fastify.inject('/aboutus')).headers['x-test']).toBe('a')
      } finally {
        await app.fastify.close()
      }
    } finally {
      await own.cleanup()
    }
  })
})

describe('clientError (what Node refuses before any route)', () => {
  const socketOf = () => {
    const socket = new PassThrough()
    let written = ''
    socket.on('data', (chunk) => {
      written += String(chunk)
    })
    const errors: unknown[] = []
    socket.on('error', (error) => errors.push(error))
    return { socket, written: () => written, errors }
  }

  it('answers a malformed request 400 with the security headers, then closes', async () => {
    const { socket, written } = socketOf()
    clientError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), socket, [
      { name: 'X-Frame-Options', value: 'DENY' },
    ])
    await new Promise((resolve) => setImmediate(resolve))
    expect(written()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(written()).toContain('\r\nX-Frame-Options: DENY\r\n')
    expect(socket.writableEnded).toBe(true)
  })

  it('writes nothing to a connection the client reset, or one already closed, and lets it go', async () => {
    const reset = socketOf()
    clientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), reset.socket, [])
    const ended = socketOf()
    ended.socket.end()
    clientError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), ended.socket, [])
    const destroyed = socketOf()
    destroyed.socket.destroy()
    clientError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_METHOD' }), destroyed.socket, [])
    await new Promise((resolve) => setImmediate(resolve))
    for (const { socket, written, errors } of [reset, ended, destroyed]) {
      expect(written()).toBe('')
      expect(errors).toEqual([])
      expect(socket.destroyed).toBe(true)
    }
  })
})

describe('batchDeadline (issue #32)', () => {
  it('gives a batch the wait its oldest submission has left, counted from its arrival', () => {
    const at = (iso: string) => ({ receivedAt: iso })
    const batch = [
      at('2026-11-26T10:00:01.500Z'),
      at('2026-11-26T10:00:00.000Z'),
      at('2026-11-26T10:00:02.000Z'),
    ]
    expect(batchDeadline(batch, 2_000)).toBe(Date.parse('2026-11-26T10:00:02.000Z'))
    // Queued behind a batch that waited 2 s for the lock: no second wait, its time is up.
    expect(batchDeadline([at('2026-11-26T10:00:00.100Z')], 2_000)).toBe(
      Date.parse('2026-11-26T10:00:02.100Z'),
    )
  })
})
