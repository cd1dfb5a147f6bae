/**
 * startServer and closeOnSignals in the test process (site serve runs them in a child process,
 * which a mutation run cannot see): what an operator is told when the server cannot start, the
 * address it reports, and what SIGTERM / SIGINT do.
 */
import { rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import {
  eventually,
  makeSite,
  type SiteFixture,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import { closeOnSignals, type RunningServer } from './serve.ts'
import { openStorage } from './storage.ts'

const sites: SiteFixture[] = []
const servers: RunningServer[] = []

afterEach(async () => {
  vi.restoreAllMocks()
  for (const server of servers.splice(0)) await server.close().catch(() => {})
  for (const site of sites.splice(0)) await site.cleanup()
})

async function site(): Promise<SiteFixture> {
  const made = await makeSite()
  sites.push(made)
  return made
}

async function start(fixture: SiteFixture, options: Parameters<typeof startFixtureServer>[1] = {}) {
  const server = await startFixtureServer(fixture, options)
  servers.push(server)
  return server
}

async function refusal(promise: Promise<unknown>): Promise<SiteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SiteError)
  return error as SiteError
}

describe('startServer', () => {
  it('refuses a dist folder without index.html, naming it and saying to build first', async () => {
    const fixture = await site()
    await rm(path.join(fixture.dist, 'index.html'))
    const error = await refusal(startFixtureServer(fixture))
    expect(error.code).toBe('no-build')
    expect(error.message).toBe(`There is no built site in ${fixture.dist}.`)
    expect(error.hint).toMatch(/run `site build` first/)
  })

  it('listens on a free port when given port 0 and reports it in the url', async () => {
    const server = await start(await site())
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    const response = await fetch(`${server.url}/aboutus`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('About us')
  })

  it('writes an IPv6 host in brackets in the url', async () => {
    const server = await start(await site(), { host: '::1' })
    expect(server.url).toBe(`http://[::1]:${server.port}`)
    expect((await fetch(server.url)).status).toBe(200)
  })

  it('close stops accepting connections', async () => {
    const server = await startFixtureServer(await site())
    await server.close()
    await expect(fetch(server.url)).rejects.toThrow()
  })

  it('names a port another program uses and says how to pick another', async () => {
    const fixture = await site()
    const first = await start(fixture)
    const error = await refusal(startFixtureServer(fixture, { port: first.port }))
    expect(error.code).toBe('cannot-listen')
    expect(error.message).toBe(`Cannot listen on 127.0.0.1:${first.port} (EADDRINUSE).`)
    expect(error.hint).toMatch(/another program uses that port: stop it or pass --port N/)
    // The server that could not listen let go of the database: the first one still answers.
    expect((await fetch(first.url)).status).toBe(200)
  })

  it('names a host this machine does not have and says which hosts and ports to use', async () => {
    const fixture = await site()
    const error = await refusal(startFixtureServer(fixture, { host: '192.0.2.1', port: 0 }))
    expect(error.code).toBe('cannot-listen')
    expect(error.message).toBe('Cannot listen on 192.0.2.1:0 (EADDRNOTAVAIL).')
    expect(error.hint).toMatch(/pass a --host this machine has/)
  })

  it('names a --host that resolves to nothing, with the same fix, not as a bug', async () => {
    const fixture = await site()
    const error = await refusal(startFixtureServer(fixture, { host: 'no-such-host.invalid', port: 0 }))
    expect(error.code).toBe('cannot-listen')
    expect(error.message).toMatch(/^Cannot listen on no-such-host\.invalid:0 \((ENOTFOUND|EAI_AGAIN)\)\.$/)
    expect(error.hint).toMatch(/pass a --host this machine has/)
  })

  it('passes any other listen failure on as it is', async () => {
    const fixture = await site()
    const error = await startFixtureServer(fixture, { port: 70_000 }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(SiteError)
  })
})

describe('closing under load (issue #32)', () => {
  it('handles a request that was still arriving when the shutdown began: stored, answered 201, connection closed', async () => {
    const fixture = await site()
    const server = await startFixtureServer(fixture)
    const body = JSON.stringify(VALID['/api/contactinformations'])
    const socket = net.connect(server.port, '127.0.0.1')
    socket.on('error', () => {})
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    // Half its head is in when the shutdown begins: the connection is busy, not idle.
    const received = new Promise<void>((resolve) =>
      server.fastify.server.once('connection', (raw: net.Socket) => raw.once('data', () => resolve())),
    )
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write('POST /api/contactinformations HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    await received
    const closed = server.close()
    socket.write(
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
    await ended
    await closed
    expect(answer).toMatch(/^HTTP\/1\.1 201 /)
    expect(answer).toMatch(/^connection: close\r$/im)
    const { id } = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { id: string }
    const storage = await openStorage(fixture.data, { readonly: true })
    try {
      expect((await storage.list()).map((s) => s.id)).toEqual([id])
    } finally {
      await storage.close()
    }
  })
})

/** Catches the handlers closeOnSignals registers, so the test calls them instead of signalling. */
function catchSignals() {
  const handlers = new Map<string, (signal: NodeJS.Signals) => void>()
  const removed: [string, unknown][] = []
  vi.spyOn(process, 'on').mockImplementation(((event: string, handler: (signal: NodeJS.Signals) => void) => {
    handlers.set(event, handler)
    return process
  }) as typeof process.on)
  vi.spyOn(process, 'off').mockImplementation(((event: string, handler: unknown) => {
    removed.push([event, handler])
    return process
  }) as typeof process.off)
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as typeof process.exit)
  const signal = (name: NodeJS.Signals) => {
    const handler = handlers.get(name)
    if (!handler) throw new Error(`no ${name} handler`)
    handler(name)
  }
  return { handlers, removed, exit, signal }
}

describe('closeOnSignals', () => {
  it.each([
    'SIGTERM',
    'SIGINT',
  ] as const)('%s closes the server, says so, then stops listening for signals', async (name) => {
    const server = await start(await site())
    const lines: string[] = []
    const signals = catchSignals()
    closeOnSignals(server, (line) => lines.push(line))
    signals.signal(name)
    expect(lines).toEqual([`${name}: finishing requests in flight, then closing the database...`])
    await eventually(() => lines.includes('Stopped.'), 'Stopped.')
    expect(lines).toEqual([`${name}: finishing requests in flight, then closing the database...`, 'Stopped.'])
    await expect(fetch(server.url)).rejects.toThrow()
    expect(signals.removed).toEqual([
      ['SIGTERM', signals.handlers.get('SIGTERM')],
      ['SIGINT', signals.handlers.get('SIGINT')],
    ])
    expect(signals.exit).not.toHaveBeenCalled()
  })

  it('a second signal exits at once with status 1', async () => {
    const server = await start(await site())
    const lines: string[] = []
    const signals = catchSignals()
    closeOnSignals(server, (line) => lines.push(line))
    signals.signal('SIGTERM')
    expect(signals.exit).not.toHaveBeenCalled()
    signals.signal('SIGINT')
    expect(lines).toContain('SIGINT again: exiting now.')
    expect(signals.exit).toHaveBeenCalledWith(1)
    await eventually(() => lines.includes('Stopped.'), 'Stopped.')
  })

  it('closes connections still busy after the grace period', async () => {
    const server = await start(await site())
    const lines: string[] = []
    const signals = catchSignals()
    // A request whose headers never end keeps its connection busy.
    const socket = net.connect(server.port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n')
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    closeOnSignals(server, (line) => lines.push(line), 50)
    signals.signal('SIGTERM')
    await closed
    await eventually(() => lines.includes('Stopped.'), 'Stopped.')
    expect(lines).toEqual([
      'SIGTERM: finishing requests in flight, then closing the database...',
      'Still busy after 0.05 s: closing the remaining connections.',
      'Stopped.',
    ])
  })

  it('exits with status 1 when the shutdown is still not done a grace period after closing the connections', async () => {
    const lines: string[] = []
    const signals = catchSignals()
    let closedConnections = false
    const stuck = {
      close: () => new Promise<void>(() => {}),
      fastify: {
        server: {
          closeAllConnections: () => {
            closedConnections = true
          },
        },
      },
    } as unknown as RunningServer
    closeOnSignals(stuck, (line) => lines.push(line), 20)
    signals.signal('SIGTERM')
    await eventually(() => signals.exit.mock.calls.length > 0, 'process.exit')
    expect(closedConnections).toBe(true)
    expect(lines).toEqual([
      'SIGTERM: finishing requests in flight, then closing the database...',
      'Still busy after 0.02 s: closing the remaining connections.',
      'Shutdown still not done after 0.04 s: exiting now.',
    ])
    expect(signals.exit).toHaveBeenCalledWith(1)
  })

  it.each([
    [new Error('disk gone'), 'Shutdown failed: disk gone'],
    ['disk gone', 'Shutdown failed: disk gone'],
  ])('a shutdown that fails (%s) is said and exits with status 1', async (reason, said) => {
    const lines: string[] = []
    const signals = catchSignals()
    const failing = { close: () => Promise.reject(reason) } as unknown as RunningServer
    closeOnSignals(failing, (line) => lines.push(line))
    signals.signal('SIGTERM')
    await eventually(() => signals.exit.mock.calls.length > 0, 'process.exit')
    expect(lines.at(-1)).toBe(said)
    expect(signals.exit).toHaveBeenCalledWith(1)
    expect(signals.removed).toEqual([])
  })
})
