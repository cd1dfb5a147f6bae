import { randomBytes } from 'node:crypto'
import type { Pool, PoolClient, QueryConfig } from 'pg'
import { ERRORS, SiteError, siteError } from '../lib/errors.ts'
import { openingStorage } from './opening-storage.ts'
import {
  BUSY_WAIT_MS,
  type Channel,
  IDEMPOTENCY_WINDOW_MS,
  KeyTaken,
  type Kind,
  type NewSubmission,
  type OpenOptions,
  type ReadingStorage,
  readOnlyStorage,
  redactUrl,
  type Storage,
  StorageBusy,
  type StoredAnswer,
  type Submission,
} from './storage.ts'

/** Versioned migrations; `schema_migrations` records which ran. Never edit one that shipped: add another. */
const MIGRATIONS = [
  `CREATE TABLE submissions (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    received_at TIMESTAMPTZ NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('contact', 'enquiry', 'warranty')),
    product TEXT,
    payload JSON NOT NULL,
    spam BOOLEAN NOT NULL DEFAULT FALSE,
    client_hash TEXT NOT NULL
  );
  CREATE INDEX submissions_received ON submissions (received_at);
  CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    submission_id TEXT REFERENCES submissions (id)
  );
  CREATE INDEX idempotency_created ON idempotency_keys (created_at);
  CREATE TABLE outbox (
    id BIGSERIAL PRIMARY KEY,
    submission_id TEXT NOT NULL REFERENCES submissions (id),
    channel TEXT NOT NULL CHECK (channel IN ('webhook', 'mail')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    locked_until BIGINT NOT NULL DEFAULT 0,
    delivered_at TIMESTAMPTZ,
    last_error TEXT,
    UNIQUE (submission_id, channel)
  );
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
  CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Payloads stored before the API refused them may hold NUL (\u0000) or an unpaired surrogate
  // (\ud800): json keeps them as written, but ->> and ::jsonb fail on them, for the whole table. Each
  // such escape (one not itself escaped: preceded by an even run of backslashes) becomes U+FFFD.
  String.raw`UPDATE submissions
    SET payload = regexp_replace(payload::text,
      '((?:^|[^\\])(?:\\\\)*)\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})', '\1\\ufffd', 'g')::json
    WHERE payload::text ~ '\\u(0000|[dD][89a-fA-F])';`,
]

/** The shortest a query may wait for the server's answer; migrations wait up to MIGRATION_TIMEOUT_MS. */
const QUERY_TIMEOUT_MIN_MS = 2_000
const MIGRATION_TIMEOUT_MS = 3_600_000
/**
 * A query with its own read timeout: node-postgres reads `query_timeout` from the query's config before
 * the client's (pg/lib/client.js), though its types do not list it.
 */
const slowQuery = (text: string, values?: unknown[]): QueryConfig =>
  Object.assign({ text, ...(values ? { values } : {}) }, { query_timeout: MIGRATION_TIMEOUT_MS })

/** The advisory lock key that serialises migrations between instances starting together. */
const MIGRATION_LOCK = 7_150_001

/**
 * Whether a failed call may succeed if tried again later (exported for its tests): PostgreSQL's error
 * classes that mean "not now" rather than "wrong" (connection, insufficient resources such as a full
 * disk, shutdown, lock timeout, serialization failure, deadlock, a read-only server such as a standby
 * after a failover, a user whose write permission was taken), and the driver's network failures.
 */
export const isTransient = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return (
    (code !== undefined && /^(08|53|57P0|55P03|40001|40P01|25006|42501)/.test(code)) ||
    // 58: an I/O error on the server; then the network's ways of failing.
    (code !== undefined && /^58/.test(code)) ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
    ].includes(code ?? '') ||
    // The driver's own words for a connection that broke: while in use, or before it was handed out.
    /timeout|Connection terminated|connect ECONNREFUSED|is not queryable/i.test(message ?? '')
  )
}

/** What a transient failure means for the operator, by PostgreSQL's error code. */
function fault(error: unknown): { what: string; fix: string } {
  const code = (error as { code?: string })?.code ?? ''
  if (code === '53100')
    return { what: 'the database server’s disk is full', fix: 'free space on the database server’s disk.' }
  if (code === '25006')
    return {
      what: 'the database server takes no writes (a standby, or default_transaction_read_only)',
      fix: 'point SITE_DATABASE_URL at the primary server, or make the database writable.',
    }
  if (code === '42501')
    return {
      what: 'this user may not write the tables',
      fix: 'use the user that owns the database, or GRANT it INSERT, UPDATE and DELETE on the tables.',
    }
  return {
    what: 'it is unreachable or locked',
    fix: 'check that the database server runs and accepts connections from here.',
  }
}

/** The code or the driver's message that says why, for the log: `57P01`, `connect ECONNREFUSED …`. */
const reasonOf = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return /^[0-9A-Z]{5}$/.test(code ?? '') ? `${code}: ${message}` : (message ?? String(error))
}

/** A failure as StorageBusy (a 503 for submissions), saying why. */
const busyOf = (error: unknown) =>
  new StorageBusy(
    `The submissions database cannot be written: ${fault(error).what} (${reasonOf(error)}).`,
    5,
    error,
  )

/** Runs a database call; a transient failure becomes StorageBusy (a 503 for submissions). */
async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    if (error instanceof KeyTaken || !isTransient(error)) throw error
    throw busyOf(error)
  }
}

/**
 * Whether a failure at start means the database is down or out of reach for now (refused, timed out,
 * starting up, shutting down, a connection lost), rather than a database that answers and refuses:
 * a full disk, a read-only standby and a missing permission stop the start, as do a wrong password or
 * database name (not transient at all).
 */
const isOutage = (error: unknown) =>
  isTransient(error) && !/^(53100|25006|42501)$/.test((error as { code?: string })?.code ?? '')

/** A failure while opening, and whether it came before the server answered (`connect`) or after. */
class OpenFailure extends Error {
  constructor(
    readonly phase: 'connect' | 'prepare',
    override readonly cause: unknown,
  ) {
    super(reasonOf(cause))
  }
}

async function loadPool(): Promise<typeof Pool> {
  const module = await import('pg')
  return module.default.Pool
}

/**
 * Opens the PostgreSQL store. Every connection commits with `synchronous_commit = on` (a 201 only after
 * the WAL is flushed) and waits at most `busyWaitMs` for a connection or a lock. Migrations run at
 * start under an advisory lock, so instances starting together apply each one once.
 *
 * With `background` (the server), a database that is down or out of reach does not stop the start:
 * `say` gets one line, the store answers StorageBusy, and it opens itself once the database answers
 * (server/opening-storage.ts), migrations included. Anything else that fails (a wrong password, a
 * read-only server) still stops it, with what to check.
 */
export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Storage> {
  const location = redactUrl(url)
  try {
    return await connectPostgres(url, location, options)
  } catch (error) {
    if (!(error instanceof OpenFailure)) throw error
    if (options.background && !options.readonly && isOutage(error.cause)) {
      options.say?.(
        `Cannot reach the database at ${location} yet (${reasonOf(error.cause)}): serving the site now; the API answers 503 with Retry-After until the database is reached, tried again in the background.`,
      )
      const waitMs = options.busyWaitMs ?? BUSY_WAIT_MS
      return openingStorage(
        () =>
          connectPostgres(url, location, options).catch((failure: unknown) => {
            throw busyOf(failure instanceof OpenFailure ? failure.cause : failure)
          }),
        { location, waitMs, say: options.say ?? (() => {}) },
      )
    }
    throw startRefusal(error, location)
  }
}

/** What a failed open tells the operator: the cause, in the catalogue's words where it has them. */
function startRefusal(failure: OpenFailure, location: string): unknown {
  const error = failure.cause
  if (failure.phase === 'connect')
    return siteError(ERRORS.DatabaseUnreachable, {
      location,
      reason: error instanceof Error ? error.message : String(error),
    })
  if (error instanceof SiteError || !isTransient(error)) return error
  const { what, fix } = fault(error)
  return siteError(ERRORS.StorageNotWritable, { where: `at ${location}`, what, reason: reasonOf(error), fix })
}

/** One attempt to open: a pool, a first query, then the migrations and a committed write. */
async function connectPostgres(url: string, location: string, options: OpenOptions): Promise<Storage> {
  const waitMs = options.busyWaitMs ?? BUSY_WAIT_MS
  const Pool = await loadPool()
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: Math.max(waitMs, 1_000),
    // A server that stops answering without closing the connection (a partition, a primary gone
    // mid-failover): the driver gives up on a query after this long, the connection is discarded
    // (withClient) and the submissions get a 503, instead of every later one queueing behind it.
    query_timeout: Math.max(5 * waitMs, QUERY_TIMEOUT_MIN_MS),
    keepAlive: true,
    options: `-c synchronous_commit=on -c lock_timeout=${waitMs}`,
  })
  // An idle connection the server dropped: the pool replaces it; nothing to report per request.
  pool.on('error', () => {})
  try {
    // Fails first if the server cannot be reached.
    await pool.query('SELECT 1').catch((error: unknown) => {
      throw new OpenFailure('connect', error)
    })
    const salt = await withClient(pool, async (client) => {
      if (options.readonly) {
        await checkSchema(client, location)
        return ''
      }
      await migratePostgres(client)
      const salt = await postgresSalt(client)
      // A committed write now: a database this server cannot write is refused at start.
      await client.query(
        "INSERT INTO meta (name, value) VALUES ('last-start', now()::text) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      )
      return salt
    }).catch((error: unknown) => {
      if (error instanceof OpenFailure || error instanceof SiteError) throw error
      throw new OpenFailure('prepare', error)
    })
    return postgresStore(pool, location, salt, options.readonly === true)
  } catch (error) {
    await pool.end()
    throw error
  }
}

async function checkSchema(client: PoolClient, location: string) {
  const found = await client.query("SELECT to_regclass('submissions') IS NOT NULL AS ok")
  if (!found.rows[0]?.ok) throw siteError(ERRORS.NoSubmissionsPostgres, { location })
}

async function migratePostgres(client: PoolClient) {
  // Waiting for another instance's migration, and a migration itself, may take long on a large table.
  await client.query(slowQuery('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]))
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    )
    const done = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    )
    const version = done.rows[0]?.version ?? 0
    for (const [index, sql] of MIGRATIONS.entries()) {
      if (index < version) continue
      await client.query('BEGIN')
      try {
        await client.query(slowQuery(sql))
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
  }
}

async function postgresSalt(client: PoolClient): Promise<string> {
  await client.query(
    "INSERT INTO meta (name, value) VALUES ('client-salt', $1) ON CONFLICT (name) DO NOTHING",
    [randomBytes(16).toString('hex')],
  )
  const row = await client.query<{ value: string }>("SELECT value FROM meta WHERE name = 'client-salt'")
  return row.rows[0]?.value ?? ''
}

interface SubmissionRow {
  id: string
  received_at: Date
  kind: Kind
  product: string | null
  payload: Record<string, unknown>
  spam: boolean
}

const postgresSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  receivedAt: row.received_at.toISOString(),
  kind: row.kind,
  product: row.product,
  payload: row.payload,
  spam: row.spam,
})

/**
 * Runs `work` on a connection of its own. A connection the server ends while it is checked out
 * (a terminated session, a shutdown, a failover) reports an 'error' event besides failing the query
 * under way; with no listener for it, Node would end the whole process, pages and all. Here the event
 * is taken, the query's own failure goes to the caller, and the broken connection is discarded rather
 * than handed back to the pool, which opens a new one when next asked.
 */
async function withClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (error: Error) => {
    broken = error
  }
  client.on('error', onError)
  try {
    return await work(client)
  } catch (error) {
    if (isTransient(error)) broken ??= error as Error
    throw error
  } finally {
    client.off('error', onError)
    client.release(broken)
  }
}

/**
 * Runs `work` in a transaction; `lockTimeoutMs` (when given) bounds how long its statements wait for a
 * lock, in place of the connection's own lock_timeout.
 */
async function transaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  lockTimeoutMs?: number,
): Promise<T> {
  return withClient(pool, async (client) => {
    try {
      // One round trip: BEGIN and the setting go as one simple query. 0 would mean "no limit".
      await client.query(
        lockTimeoutMs === undefined
          ? 'BEGIN'
          : `BEGIN; SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`,
      )
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    }
  })
}

function postgresStore(pool: Pool, location: string, salt: string, readonly: boolean): Storage {
  const list: Storage['list'] = (filter = {}) =>
    guarded(async () => {
      const result = await pool.query<SubmissionRow>(
        `SELECT id, received_at, kind, product, payload, spam FROM submissions
         WHERE ($1::text IS NULL OR kind = $1) AND ($2::timestamptz IS NULL OR received_at >= $2)
           AND ($3 OR NOT spam)
         ORDER BY received_at, seq`,
        [filter.kind ?? null, filter.since ?? null, filter.spam === true],
      )
      return result.rows.map(postgresSubmission)
    })
  const common: ReadingStorage = {
    location,
    salt,
    ready: async () => {},
    list,
    undelivered: () =>
      guarded(async () => {
        const result = await pool.query<{ channel: Channel; count: number; oldest: Date }>(
          `SELECT o.channel, COUNT(*)::int AS count, MIN(s.received_at) AS oldest
           FROM outbox o JOIN submissions s ON s.id = o.submission_id
           WHERE o.delivered_at IS NULL GROUP BY o.channel ORDER BY o.channel`,
        )
        return Object.fromEntries(
          result.rows.map(({ channel, count, oldest }) => [channel, { count, oldest: oldest.toISOString() }]),
        )
      }),
    durability: async () => {
      const result = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit')
      return result.rows[0]?.synchronous_commit ?? 'unknown'
    },
    close: async () => {
      if (!pool.ended) await pool.end()
    },
  }
  if (readonly) return readOnlyStorage(common)

  return {
    ...common,
    // Three statements per batch, whatever its size: under load a round trip costs more than a row.
    insert: (items: readonly NewSubmission[], options = {}) =>
      guarded(() =>
        transaction(
          pool,
          async (client) => {
            await client.query(
              `INSERT INTO submissions (id, received_at, kind, product, payload, spam, client_hash)
             SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::json[], $6::boolean[], $7::text[])`,
              [
                items.map((i) => i.id),
                items.map((i) => i.receivedAt),
                items.map((i) => i.kind),
                items.map((i) => i.product),
                items.map((i) => JSON.stringify(i.payload)),
                items.map((i) => i.spam),
                items.map((i) => i.clientHash),
              ],
            )
            // In the order of their keys: two instances whose batches hold the same keys take them one
            // after the other in the same order, so one waits for the other instead of both deadlocking.
            const keyed = items
              .filter((i) => i.idempotency)
              .sort((x, y) => ((x.idempotency?.key ?? '') < (y.idempotency?.key ?? '') ? -1 : 1))
            if (keyed.length > 0) {
              // A key still in its window is never overwritten: another request was answered with it.
              const stored = await client.query<{ key: string }>(
                `INSERT INTO idempotency_keys (key, fingerprint, status, body, created_at, submission_id)
               SELECT * FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::bigint[], $6::text[])
               ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
                 body = excluded.body, created_at = excluded.created_at, submission_id = excluded.submission_id
               WHERE idempotency_keys.created_at < excluded.created_at - ${IDEMPOTENCY_WINDOW_MS}
               RETURNING key`,
                [
                  keyed.map((i) => i.idempotency?.key),
                  keyed.map((i) => i.idempotency?.fingerprint),
                  keyed.map((i) => i.idempotency?.status),
                  keyed.map((i) => i.idempotency?.body),
                  keyed.map((i) => i.idempotency?.createdAt),
                  keyed.map((i) => i.id),
                ],
              )
              const written = new Set(stored.rows.map((row) => row.key))
              const taken = keyed.find((i) => !written.has(i.idempotency?.key ?? ''))
              if (taken?.idempotency) throw new KeyTaken(taken.idempotency.key)
            }
            const entries = items
              .filter((i) => !i.spam)
              .flatMap((i) => i.notify.map((channel) => [i, channel] as const))
            if (entries.length > 0)
              await client.query(
                `INSERT INTO outbox (submission_id, channel, next_attempt_at)
               SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])`,
                [
                  entries.map(([i]) => i.id),
                  entries.map(([, channel]) => channel),
                  entries.map(([i]) => Date.parse(i.receivedAt)),
                ],
              )
          },
          options.waitUntil === undefined ? undefined : options.waitUntil - Date.now(),
        ),
      ),
    findAnswer: (key, notBefore) =>
      guarded(async () => {
        const result = await pool.query<StoredAnswer>(
          'SELECT fingerprint, status, body FROM idempotency_keys WHERE key = $1 AND created_at >= $2',
          [key, notBefore],
        )
        return result.rows[0]
      }),
    purgeAnswers: (before) =>
      guarded(async () => {
        // SKIP LOCKED: a key a submission is taking again (its window over) or another instance is
        // purging is left for the next purge, a minute later, instead of waited for: housekeeping never
        // holds a row a submission waits on, and never times out into "storage failing" in the log.
        await pool.query(
          `DELETE FROM idempotency_keys WHERE key IN (
             SELECT key FROM idempotency_keys WHERE created_at < $1 FOR UPDATE SKIP LOCKED)`,
          [before],
        )
      }),
    claimOutbox: (now, limit, leaseMs, channels) =>
      guarded(async () => {
        // SKIP LOCKED: instances claiming at the same moment take different rows instead of waiting.
        const result = await pool.query<
          SubmissionRow & { outbox_id: string; channel: Channel; attempts: number }
        >(
          `WITH claimed AS (
             UPDATE outbox SET locked_until = $1 WHERE id IN (
               SELECT id FROM outbox
               WHERE delivered_at IS NULL AND next_attempt_at <= $2 AND locked_until <= $2
                 AND channel = ANY($3::text[])
               ORDER BY next_attempt_at, id LIMIT $4
               FOR UPDATE SKIP LOCKED)
             RETURNING id, channel, attempts, submission_id, next_attempt_at)
           SELECT c.id AS outbox_id, c.channel, c.attempts, s.id, s.received_at, s.kind, s.product, s.payload, s.spam
           FROM claimed c JOIN submissions s ON s.id = c.submission_id
           ORDER BY c.next_attempt_at, c.id`,
          [now + leaseMs, now, channels, limit],
        )
        return result.rows.map((row) => ({
          id: Number(row.outbox_id),
          channel: row.channel,
          attempts: row.attempts,
          submission: postgresSubmission(row),
        }))
      }),
    nextOutboxAttempt: (channels) =>
      guarded(async () => {
        const result = await pool.query<{ next: string | null }>(
          `SELECT MIN(GREATEST(next_attempt_at, locked_until)) AS next FROM outbox
           WHERE delivered_at IS NULL AND channel = ANY($1::text[])`,
          [channels],
        )
        const next = result.rows[0]?.next
        return next === null || next === undefined ? undefined : Number(next)
      }),
    markDelivered: (id, at) =>
      guarded(async () => {
        await pool.query(
          'UPDATE outbox SET delivered_at = $1, attempts = attempts + 1, locked_until = 0 WHERE id = $2',
          [at, id],
        )
      }),
    markFailed: (id, attempts, nextAttemptAt, error) =>
      guarded(async () => {
        await pool.query(
          'UPDATE outbox SET attempts = $1, next_attempt_at = $2, last_error = $3, locked_until = 0 WHERE id = $4',
          [attempts, nextAttemptAt, error, id],
        )
      }),
  }
}
