/**
 * The intake server under faults (issue #32), each run under load from this process against real
 * `site serve` processes (server/main.ts) and a real database, loopback only. The load is seeded and
 * bounded (server/load.ts); every wait is for something to happen (answers of a kind, a process
 * exit), never a pause. Each case prints acknowledged / stored / lost: lost must be 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureServeArgs, type ServerProcess, spawnServer } from './child.ts'
import { type Load, startLoad } from './load.ts'
import { openStorage } from './storage.ts'
import { startTestPostgres, type TestPostgres } from './test-engines.ts'
import { makeSite, type SiteFixture } from './testing.ts'

let site: SiteFixture
const running: ServerProcess[] = []

beforeAll(async () => {
  site = await makeSite()
})

afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL')
  await site?.cleanup()
})

type Open = () => ReturnType<typeof openStorage>

/** The ids the store holds, spam included. */
async function storedIds(open: Open): Promise<Set<string>> {
  const storage = await open()
  try {
    return new Set((await storage.list({ spam: true })).map((s) => s.id))
  } finally {
    await storage.close()
  }
}

/**
 * Acknowledged submissions the store does not have, after printing the figures: acknowledged (201),
 * stored (rows added since `before`: a request cut by a fault may be stored unanswered), lost.
 */
async function lost(what: string, load: Load, open: Open, before: ReadonlySet<string>): Promise<string[]> {
  const stored = await storedIds(open)
  const missing = load.acknowledged.filter((id) => !stored.has(id))
  console.log(
    `faults: ${what}: acknowledged ${load.acknowledged.length}, stored ${stored.size - before.size}, lost ${missing.length}`,
  )
  return missing
}

/** Throws with its output when a server has ended: every wait below checks this first. */
function alive(servers: readonly ServerProcess[]): true {
  for (const server of servers)
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(
        `${server.url} ended (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-2000)}`,
      )
  return true
}

/** What a server printed besides its request lines: errors and notices, for a failure's message. */
const notices = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line && !/^[A-Z]+ \/\S* \d{3} [\d.]+ms$/.test(line))
    .slice(-40)
    .join('\n')

/** Runs a case; when it fails, its error also shows what each server printed. */
async function watching(servers: readonly ServerProcess[], run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    const said = servers.map((s) => `--- ${s.url} said:\n${notices(s)}`).join('\n')
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${said}`)
  }
}

/** The server is still running and serves a page. */
async function servesPages(server: ServerProcess): Promise<void> {
  expect(server.child.exitCode, server.output()).toBeNull()
  expect(server.child.signalCode, server.output()).toBeNull()
  expect((await fetch(`${server.url}/aboutus`)).status).toBe(200)
}

describe('PostgreSQL, two instances', () => {
  let postgres: TestPostgres
  let databaseUrl: string
  let servers: ServerProcess[]

  beforeAll(async () => {
    postgres = await startTestPostgres()
    databaseUrl = await postgres.createDatabase()
    const args = (name: string) => [
      ...fixtureServeArgs(site, `${site.data}-${name}`),
      '--database',
      databaseUrl,
    ]
    servers = await Promise.all([spawnServer(args('a')), spawnServer(args('b'))])
    running.push(...servers)
  }, 120_000)

  afterAll(async () => {
    for (const server of servers ?? []) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    await postgres?.stop()
  }, 60_000)

  const open = () => openStorage(site.data, { databaseUrl, readonly: true })
  const load = (seed: number) =>
    startLoad({
      targets: () => servers.map((s) => s.url),
      concurrency: 16,
      seed,
      maxRequests: 20_000,
      keyPrefix: `pg-${seed}`,
    })
  /** Each instance acknowledged `more` submissions after the moment this was called. */
  const eachAcknowledges = (traffic: Load, more: number, what: string) => {
    const from = servers.map((s) => traffic.count(201, s.url))
    return traffic.until(
      () => alive(servers) && servers.every((s, i) => traffic.count(201, s.url) >= (from[i] ?? 0) + more),
      what,
    )
  }

  it('stay up when every session is terminated, reconnect at once and lose nothing', async () => {
    const before = await storedIds(open)
    const traffic = load(1)
    await watching(servers, async () => {
      try {
        await eachAcknowledges(traffic, 50, 'submissions stored before the fault')
        for (let round = 1; round <= 3; round++) {
          await postgres.terminateSessions(databaseUrl)
          await eachAcknowledges(traffic, 50, `submissions stored after terminating the sessions (${round})`)
        }
      } finally {
        await traffic.stop()
      }
      for (const server of servers) await servesPages(server)
    })
    expect(await lost('PostgreSQL, sessions terminated 3 times', traffic, open, before)).toEqual([])
  }, 180_000)

  it('stay up while the database server is down: 503 with Retry-After, pages served, then reconnect by themselves', async () => {
    const before = await storedIds(open)
    const traffic = load(2)
    await watching(servers, async () => {
      try {
        await eachAcknowledges(traffic, 50, 'submissions stored before the fault')
        await postgres.halt()
        const refused = servers.map((s) => traffic.count(503, s.url))
        await traffic.until(
          () => alive(servers) && servers.every((s, i) => traffic.count(503, s.url) > (refused[i] ?? 0)),
          'a 503 from each instance while the database is down',
        )
        for (const server of servers) await servesPages(server)
        await postgres.resume()
        await eachAcknowledges(traffic, 50, 'submissions stored after the database came back')
      } finally {
        await traffic.stop()
      }
      for (const server of servers) await servesPages(server)
    })
    expect(await lost('PostgreSQL, server stopped and started', traffic, open, before)).toEqual([])
  }, 180_000)
})
