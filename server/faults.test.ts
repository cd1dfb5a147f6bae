/**
 * The intake server under faults (issue #32), each run under load from this process against real
 * `site serve` processes (tests/serve-alone.ts) and a real database, loopback only: SQLite with one
 * instance, PostgreSQL with two. The load is seeded and bounded (tests/load.ts); every wait is for
 * something to happen (answers of a kind, a process exit), never a pause. Each case prints
 * acknowledged / stored / lost, and lost must be 0. The full-disk cases fill a real disk (a tmpfs of
 * their own), which needs root; where this process may not mount one they are skipped.
 */
import { readFile, truncate } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Load, startLoad } from '../tests/load.ts'
import { startTestPostgres, type TestPostgres } from '../tests/postgres.ts'
import {
  makeSite,
  postJson,
  type SiteFixture,
  type SmallDisk,
  smallDisk,
  VALID,
} from '../tests/server-fixtures.ts'
import { fixtureServeArgs, type ServerProcess, spawnServer } from '../tests/server-process.ts'
import { openStorage } from './storage.ts'

let site: SiteFixture

beforeAll(async () => {
  site = await makeSite()
})

afterAll(() => site?.cleanup())

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

const isRunning = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null

/** Throws with its output when a server has ended: every wait below checks this first. */
function alive(servers: readonly ServerProcess[]): true {
  for (const server of servers)
    if (!isRunning(server))
      throw new Error(`${server.url} ended (${server.child.exitCode ?? server.child.signalCode})`)
  return true
}

/** What a server printed besides its request lines: its notices and errors. */
const notices = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line && !/^[A-Z]+ \/\S* \d{3} [\d.]+ms$/.test(line))

/** Runs a case; when it fails, its error also shows what each server printed. */
async function watching(servers: readonly ServerProcess[], run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    const said = servers.map((s) => `--- ${s.url} said:\n${notices(s).slice(-40).join('\n')}`).join('\n')
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${said}`)
  }
}

/** The server is still running and serves a page. */
async function servesPages(server: ServerProcess): Promise<void> {
  alive([server])
  expect((await fetch(`${server.url}/aboutus`)).status).toBe(200)
}

/** No stack traces, and each storage cause said once, not once per request. */
function saidEachCauseOnce(server: ServerProcess): void {
  const said = notices(server)
  expect(said.filter((line) => /^\s+at /.test(line) || line.startsWith('error:'))).toEqual([])
  const failing = said.filter((line) => line.startsWith('storage failing:'))
  expect(failing.length).toBeGreaterThan(0)
  expect(new Set(failing).size).toBe(failing.length)
}

/** `traffic` got `more` answers of `status` from each of `servers`, counted from now. */
function eachAnswers(
  traffic: Load,
  servers: readonly ServerProcess[],
  status: number,
  more: number,
  what: string,
) {
  const from = servers.map((s) => traffic.count(status, s.url))
  return traffic.until(
    () => alive(servers) && servers.every((s, i) => traffic.count(status, s.url) >= (from[i] ?? 0) + more),
    what,
  )
}

/** Stops `server` with SIGTERM and waits for it to end. */
async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || !isRunning(server)) return
  server.child.kill('SIGTERM')
  await server.exited
}

describe('SQLite, one instance', () => {
  let server: ServerProcess | undefined
  afterEach(() => stop(server))

  const load = (target: ServerProcess, seed: number) =>
    startLoad({ targets: () => [target.url], concurrency: 16, seed, maxRequests: 20_000 })

  it('SIGKILL under load: every acknowledged submission is stored', async () => {
    const data = `${site.data}-kill`
    const open = () => openStorage(data)
    server = await spawnServer(fixtureServeArgs(site, data))
    const killed = server
    const traffic = load(killed, 11)
    await watching([killed], async () => {
      try {
        await eachAnswers(traffic, [killed], 201, 300, 'submissions stored before the kill')
        killed.child.kill('SIGKILL')
        expect(await killed.exited).toBe('SIGKILL')
      } finally {
        await traffic.stop()
      }
    })
    expect(await lost('SQLite, SIGKILL under load', traffic, open, new Set())).toEqual([])
  }, 120_000)

  it('SIGTERM under load: finishes what is in flight, stores every acknowledged submission, exits 0', async () => {
    const data = `${site.data}-term`
    const open = () => openStorage(data)
    server = await spawnServer(fixtureServeArgs(site, data))
    const stopping = server
    const traffic = load(stopping, 14)
    await watching([stopping], async () => {
      try {
        await eachAnswers(traffic, [stopping], 201, 300, 'submissions stored before SIGTERM')
        stopping.child.kill('SIGTERM')
        expect(await stopping.exited).toBe(0)
      } finally {
        await traffic.stop()
      }
      expect(notices(stopping).slice(-2)).toEqual([
        'SIGTERM: finishing requests in flight, then closing the database...',
        'Stopped.',
      ])
    })
    expect(await lost('SQLite, SIGTERM under load', traffic, open, new Set())).toEqual([])
  }, 120_000)

  it('maps none of its files into memory, so a fault on them (truncated) does not end it', async () => {
    const data = `${site.data}-mapped`
    server = await spawnServer(fixtureServeArgs(site, data))
    const target = server
    const traffic = load(target, 12)
    await watching([target], async () => {
      try {
        await eachAnswers(traffic, [target], 201, 100, 'submissions stored before the fault')
        // WAL maps its -shm file: truncated under it, the next access is a SIGBUS.
        const maps = await readFile(`/proc/${target.child.pid}/maps`, 'utf8')
        const mapped = [...new Set(maps.split('\n').flatMap((line) => /\s(\/\S+)$/.exec(line)?.[1] ?? []))]
        const ours = mapped.filter((file) => file.startsWith(data))
        for (const file of ours) await truncate(file, 0)
        await eachAnswers(traffic, [target], 201, 100, 'submissions stored after the fault')
        expect(ours).toEqual([])
      } finally {
        await traffic.stop()
      }
      await servesPages(target)
    })
  }, 120_000)

  describe('on a full disk', () => {
    let disk: SmallDisk | undefined
    beforeEach(async () => {
      disk = await smallDisk('1m')
    })
    afterEach(async () => {
      await stop(server)
      await disk?.unmount()
    })

    it('answers 503 with Retry-After and says so once, serves pages, and stores again once there is room', async (context) => {
      if (!disk) return context.skip('mounting a tmpfs needs root')
      const data = `${disk.dir}/data`
      const open = () => openStorage(data)
      server = await spawnServer(fixtureServeArgs(site, data))
      const target = server
      const traffic = load(target, 13)
      await watching([target], async () => {
        try {
          await eachAnswers(traffic, [target], 201, 100, 'submissions stored before the disk filled')
          await disk?.fill()
          await eachAnswers(traffic, [target], 503, 50, 'refusals while the disk is full')
          await servesPages(target)
          await disk?.free()
          await eachAnswers(traffic, [target], 201, 100, 'submissions stored after space was freed')
        } finally {
          await traffic.stop()
        }
        saidEachCauseOnce(target)
      })
      await stop(target)
      expect(await lost('SQLite, full disk', traffic, open, new Set())).toEqual([])
    }, 120_000)
  })
})

describe('PostgreSQL, two instances', () => {
  let disk: SmallDisk | undefined
  let postgres: TestPostgres
  let databaseUrl: string
  let servers: ServerProcess[]

  beforeAll(async () => {
    // The database server's data on a disk of its own, to fill in the full-disk case.
    disk = await smallDisk('256m', '0777')
    postgres = await startTestPostgres(disk ? { under: disk.dir } : {})
    databaseUrl = await postgres.createDatabase()
    servers = await Promise.all([spawnServer(instanceArgs('a')), spawnServer(instanceArgs('b'))])
  }, 120_000)

  afterAll(async () => {
    for (const server of servers ?? []) await stop(server)
    await postgres?.stop()
    await disk?.unmount()
  }, 60_000)

  const instanceArgs = (name: string) => [
    ...fixtureServeArgs(site, `${site.data}-${name}`),
    '--database',
    databaseUrl,
  ]
  const open = () => openStorage(site.data, { databaseUrl, readonly: true })
  const load = (seed: number) =>
    startLoad({
      targets: () => servers.filter(isRunning).map((s) => s.url),
      concurrency: 16,
      seed,
      maxRequests: 20_000,
      keyPrefix: `pg-${seed}`,
    })

  it('every session terminated, three times: both stay up, reconnect at once, lose nothing', async () => {
    const before = await storedIds(open)
    const traffic = load(1)
    await watching(servers, async () => {
      try {
        await eachAnswers(traffic, servers, 201, 50, 'submissions stored before the fault')
        for (let round = 1; round <= 3; round++) {
          await postgres.terminateSessions(databaseUrl)
          await eachAnswers(
            traffic,
            servers,
            201,
            50,
            `submissions stored after terminating the sessions (${round})`,
          )
        }
      } finally {
        await traffic.stop()
      }
      for (const server of servers) await servesPages(server)
    })
    expect(await lost('PostgreSQL, sessions terminated 3 times', traffic, open, before)).toEqual([])
  }, 180_000)

  it('the database server stopped (fast) and started: both stay up, answer 503 with Retry-After and serve pages meanwhile, then reconnect by themselves', async () => {
    const before = await storedIds(open)
    const traffic = load(2)
    await watching(servers, async () => {
      try {
        await eachAnswers(traffic, servers, 201, 50, 'submissions stored before the fault')
        await postgres.halt()
        await eachAnswers(traffic, servers, 503, 1, 'a 503 from each instance while the database is down')
        for (const server of servers) await servesPages(server)
        await postgres.resume()
        await eachAnswers(traffic, servers, 201, 50, 'submissions stored after the database came back')
      } finally {
        await traffic.stop()
      }
      for (const server of servers) await servesPages(server)
    })
    expect(await lost('PostgreSQL, server stopped and started', traffic, open, before)).toEqual([])
  }, 180_000)

  it('started during an outage: both serve pages at once and answer 503 with Retry-After, then each stores the first submission after the database returns (issue #47)', async () => {
    // A database no instance has set up yet: its migrations run only once it is reached.
    const lateUrl = await postgres.createDatabase()
    const lateArgs = (name: string) => [
      ...fixtureServeArgs(site, `${site.data}-late-${name}`),
      '--database',
      lateUrl,
    ]
    await postgres.halt()
    let halted = true
    let late: ServerProcess[] = []
    try {
      late = await Promise.all([spawnServer(lateArgs('a')), spawnServer(lateArgs('b'))])
      await watching(late, async () => {
        for (const server of late) {
          await servesPages(server)
          const refused = await postJson(
            `${server.url}/api/contactinformations`,
            VALID['/api/contactinformations'],
          )
          expect(refused.status).toBe(503)
          expect(refused.headers.get('retry-after')).toBe('5')
        }
        await postgres.resume()
        halted = false
        // No retry and no wait: the first submission each instance gets is stored.
        const ids: string[] = []
        for (const server of late) {
          const answer = await postJson(
            `${server.url}/api/contactinformations`,
            VALID['/api/contactinformations'],
          )
          expect(answer.status).toBe(201)
          ids.push(((await answer.json()) as { id: string }).id)
        }
        const stored = await storedIds(() => openStorage(site.data, { databaseUrl: lateUrl, readonly: true }))
        expect(ids.filter((id) => !stored.has(id))).toEqual([])
        for (const server of late) {
          const said = notices(server)
          expect(said.filter((line) => line.startsWith('Cannot reach the database at'))).toHaveLength(1)
          expect(said.filter((line) => line.startsWith('Reached the database at'))).toHaveLength(1)
          expect(said.filter((line) => /^\s+at /.test(line))).toEqual([])
        }
      })
    } finally {
      if (halted) await postgres.resume()
      for (const server of late) await stop(server)
    }
  }, 180_000)

  it('the database server’s disk full: both answer 503 with Retry-After and say so once, then store again once there is room', async (context) => {
    if (!disk) return context.skip('mounting a tmpfs needs root')
    const before = await storedIds(open)
    const traffic = load(3)
    await watching(servers, async () => {
      try {
        await eachAnswers(traffic, servers, 201, 50, 'submissions stored before the disk filled')
        await disk?.fill()
        await eachAnswers(traffic, servers, 503, 20, 'refusals while the disk is full')
        for (const server of servers) await servesPages(server)
        await disk?.free()
        await eachAnswers(traffic, servers, 201, 50, 'submissions stored after space was freed')
      } finally {
        await traffic.stop()
      }
      for (const server of servers) saidEachCauseOnce(server)
    })
    expect(await lost('PostgreSQL, full disk', traffic, open, before)).toEqual([])
  }, 180_000)

  it('one instance stopped with SIGTERM under load: it exits 0 having stored all it acknowledged, the other carries on', async () => {
    const before = await storedIds(open)
    const traffic = load(5)
    const [stopping, other] = servers as [ServerProcess, ServerProcess]
    await watching(servers, async () => {
      try {
        await eachAnswers(traffic, servers, 201, 100, 'submissions stored before SIGTERM')
        stopping.child.kill('SIGTERM')
        expect(await stopping.exited).toBe(0)
        await eachAnswers(traffic, [other], 201, 100, 'submissions the other stored after')
      } finally {
        await traffic.stop()
      }
      expect(notices(stopping).slice(-1)).toEqual(['Stopped.'])
    })
    expect(await lost('PostgreSQL, one of two instances SIGTERMed', traffic, open, before)).toEqual([])
    // Started again, it takes its share as before.
    servers[0] = await spawnServer(instanceArgs('a'))
  }, 180_000)

  // Last: it leaves one instance.
  it('one instance killed with SIGKILL under load: the other carries on, nothing acknowledged is lost', async () => {
    const before = await storedIds(open)
    const traffic = load(4)
    const [victim, survivor] = servers as [ServerProcess, ServerProcess]
    await watching(servers, async () => {
      try {
        await eachAnswers(traffic, servers, 201, 100, 'submissions stored before the kill')
        victim.child.kill('SIGKILL')
        expect(await victim.exited).toBe('SIGKILL')
        await eachAnswers(traffic, [survivor], 201, 100, 'submissions the survivor stored after the kill')
      } finally {
        await traffic.stop()
      }
      await servesPages(survivor)
    })
    expect(await lost('PostgreSQL, one of two instances SIGKILLed', traffic, open, before)).toEqual([])
  }, 180_000)
})
