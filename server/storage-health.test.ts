/**
 * Every storage failure a running server meets (a full disk, a database that takes no writes) is a
 * 503 with Retry-After for submissions and one line in the log, never a 500 with a stack per request;
 * pages are served all along, and the first stored submission after it says so (issue #32).
 */
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestPostgres, type TestPostgres } from '../tests/postgres.ts'
import {
  makeSite,
  postJson,
  type SiteFixture,
  type SmallDisk,
  smallDisk,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import type { RunningServer } from './serve.ts'
import { type Storage, StorageBusy } from './storage.ts'
import { watchedStorage } from './storage-health.ts'

const CONTACT = '/api/contactinformations'
let site: SiteFixture
let server: RunningServer | undefined
let lines: string[]

beforeEach(async () => {
  site = await makeSite()
  lines = []
})

afterEach(async () => {
  await server?.close()
  server = undefined
  await site.cleanup()
})

/** Sends `n` submissions at once; all must be 503 with Retry-After, saying nothing was stored. */
async function allRefused(n: number): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: n }, () => postJson(`${server?.url}${CONTACT}`, VALID[CONTACT])),
  )
  expect(answers.map((r) => r.status)).toEqual(answers.map(() => 503))
  expect(answers.map((r) => r.headers.get('retry-after'))).toEqual(answers.map(() => '5'))
  expect(((await answers[0]?.json()) as { error: string }).error).toMatch(/nothing was stored/)
}

/** The log lines other than the request lines. */
const notices = () => lines.filter((line) => !/^[A-Z]+ \/\S* \d{3} [\d.]+ms$/.test(line))

describe('the log of a store that fails', () => {
  it('says it works again at any write, not only a submission, so a second spell on a quiet site is said too', async () => {
    let busy = true
    const call = async () => {
      if (busy) throw new StorageBusy('The database is locked (SQLITE_BUSY).', 5, { code: 'SQLITE_BUSY' })
    }
    const store = watchedStorage(
      { insert: call, purgeAnswers: call } as unknown as Storage,
      (l) => lines.push(l),
      0,
    )
    await expect(store.insert([])).rejects.toBeInstanceOf(StorageBusy)
    busy = false
    // A quiet site: no submission arrives, the hourly purge runs.
    await store.purgeAnswers(Date.now())
    busy = true
    await expect(store.insert([])).rejects.toBeInstanceOf(StorageBusy)
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'storage failing',
      'storage working again (it failed 1 times over 0 s).',
      'storage failing',
    ])
  })
})

describe('SQLite on a full disk', () => {
  let disk: SmallDisk | undefined
  beforeEach(async () => {
    disk = await smallDisk('1m')
  })
  afterEach(async () => {
    await server?.close()
    server = undefined
    await disk?.unmount()
  })

  it('answers 503 with Retry-After, logs one line, serves pages, and stores again once there is room', async (context) => {
    if (!disk) return context.skip('mounting a tmpfs needs root')
    server = await startFixtureServer(site, {
      dataDir: `${disk.dir}/data`,
      storageQuietMs: 0,
      log: (line) => lines.push(line),
    })
    expect((await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])).status).toBe(201)
    await disk.fill()
    for (let round = 0; round < 3; round++) await allRefused(4)
    expect((await fetch(`${server.url}/aboutus`)).status).toBe(200)
    expect(notices()).toEqual([
      'storage failing: The submissions database cannot be written: the disk holding it is full (SQLITE_FULL). Submissions get 503 with Retry-After until it works again.',
    ])
    await disk.free()
    expect((await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])).status).toBe(201)
    expect(notices()).toHaveLength(2)
    expect(notices()[1]).toMatch(/^storage working again \(it failed \d+ times over \d+ s\)\.$/)
  })
})

describe('PostgreSQL that takes no writes', () => {
  let postgres: TestPostgres
  beforeAll(async () => {
    postgres = await startTestPostgres()
  }, 60_000)
  afterAll(() => postgres?.stop())

  /** Runs `sql` as the operator would, in psql (whose sessions may write, whatever the database says). */
  async function psql(url: string, sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: url, options: '-c default_transaction_read_only=off' })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }

  it('answers 503 with Retry-After and logs one line while the database is read-only (a standby after a failover)', async () => {
    const databaseUrl = await postgres.createDatabase()
    const name = new URL(databaseUrl).pathname.slice(1)
    server = await startFixtureServer(site, {
      databaseUrl,
      storageQuietMs: 0,
      log: (line) => lines.push(line),
    })
    expect((await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])).status).toBe(201)
    // New sessions of the database are read-only; the store's own ones are ended, so it reconnects.
    await psql(databaseUrl, `ALTER DATABASE ${name} SET default_transaction_read_only = on`)
    await postgres.terminateSessions(databaseUrl)
    for (let round = 0; round < 3; round++) await allRefused(4)
    expect((await fetch(`${server.url}/aboutus`)).status).toBe(200)
    // The first refusal may still meet a connection the server ended (57P01), a cause of its own.
    const said = notices()
    expect(said).toContain(
      'storage failing: The submissions database cannot be written: the database server takes no writes (a standby, or default_transaction_read_only) (25006: cannot execute INSERT in a read-only transaction). Submissions get 503 with Retry-After until it works again.',
    )
    expect(said.length).toBeLessThanOrEqual(2)
    expect(said.filter((line) => !line.startsWith('storage failing: '))).toEqual([])
    await psql(databaseUrl, `ALTER DATABASE ${name} SET default_transaction_read_only = off`)
    await postgres.terminateSessions(databaseUrl)
    expect((await postJson(`${server.url}${CONTACT}`, VALID[CONTACT])).status).toBe(201)
    expect(notices().at(-1)).toMatch(/^storage working again /)
  })
})
