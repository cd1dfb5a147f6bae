import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import { SiteError } from '../lib/errors.ts'

/** The three forms the intake API takes. */
export const KINDS = ['contact', 'enquiry', 'warranty'] as const
export type Kind = (typeof KINDS)[number]

/** The database file inside the data folder. */
export const DATABASE_FILE = 'submissions.db'

/** One stored submission, as list and export read it. */
export interface Submission {
  id: string
  /** ISO 8601, UTC. */
  receivedAt: string
  kind: Kind
  /** The product slug for enquiries and warranty activations; null for contact messages. */
  product: string | null
  /** The validated form values. */
  payload: Record<string, unknown>
  spam: boolean
}

/** A submission about to be written, with what must be committed in the same transaction. */
export interface NewSubmission extends Submission {
  /** A salted hash of the client address: lets staff group spam without keeping the address. */
  clientHash: string
  /** When set, the answer is kept under this Idempotency-Key. */
  idempotency?: { key: string; fingerprint: string; status: number; body: string; createdAt: number }
  /** Queue a webhook notification in the outbox. */
  notify: boolean
}

/** The first answer given for an Idempotency-Key. */
export interface StoredAnswer {
  fingerprint: string
  status: number
  body: string
}

/** An outbox entry due for delivery, with the submission it announces. */
export interface OutboxEntry {
  id: number
  attempts: number
  submission: Submission
}

export interface ListFilter {
  kind?: Kind
  /** ISO 8601; only submissions received at or after it. */
  since?: string
  /** Include submissions flagged as spam (they are left out otherwise). */
  spam?: boolean
}

/** The submissions database: every statement prepared once. */
export interface Storage {
  readonly file: string
  /** A random value kept in the database, mixed into client hashes. */
  readonly salt: string
  /** Writes the submissions (and their idempotency keys and outbox entries) in one transaction. */
  insert(items: readonly NewSubmission[]): void
  /** The answer stored for an Idempotency-Key at or after `notBefore` (ms since the epoch). */
  findAnswer(key: string, notBefore: number): StoredAnswer | undefined
  /** Deletes Idempotency-Keys older than `before` (ms since the epoch). */
  purgeAnswers(before: number): void
  list(filter?: ListFilter): Submission[]
  /** Undelivered outbox entries whose next attempt is due at `now` (ms since the epoch). */
  dueOutbox(now: number, limit: number): OutboxEntry[]
  /** Ms since the epoch of the next undelivered outbox attempt, if any. */
  nextOutboxAttempt(): number | undefined
  markDelivered(id: number, at: Date): void
  markFailed(id: number, attempts: number, nextAttemptAt: number, error: string): void
  /** How commits reach the disk on this connection, for checks that the durability promise holds. */
  durability(): { journal: string; synchronous: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA' }
  close(): void
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS submissions (
  id TEXT PRIMARY KEY,
  received_at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('contact', 'enquiry', 'warranty')),
  product TEXT,
  payload TEXT NOT NULL,
  spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
  client_hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS submissions_received ON submissions (received_at);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  submission_id TEXT REFERENCES submissions (id)
);
CREATE INDEX IF NOT EXISTS idempotency_created ON idempotency_keys (created_at);
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  submission_id TEXT NOT NULL UNIQUE REFERENCES submissions (id),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  delivered_at TEXT,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`

type Database = BetterSqlite3.Database
type DatabaseConstructor = typeof BetterSqlite3

/**
 * Loads better-sqlite3 only when a command needs the database, so content staff who installed with
 * `--omit=optional` can still validate and build.
 */
async function loadDriver(): Promise<DatabaseConstructor> {
  try {
    const module = await import('better-sqlite3')
    return module.default
  } catch (error) {
    throw driverMissing(error)
  }
}

function driverMissing(cause: unknown): SiteError {
  const detail = cause instanceof Error ? ` (${cause.message.split('\n')[0]})` : ''
  return new SiteError(
    'sqlite-missing',
    `Storing form submissions needs better-sqlite3, an optional dependency that is not installed or not built${detail}.`,
    'run `npm install --include=optional` (an install with --omit=optional leaves it out), then try again.',
  )
}

export interface OpenOptions {
  /** Open an existing database for reading only (list and export); never creates anything. */
  readonly?: boolean
  /**
   * How long a statement waits for another process's write lock once the database is open; opening
   * itself (creating the schema) always waits up to 5 s. The server passes 0: a request never waits on
   * the lock, a locked write fails at once with a {@link isLockError} error and is answered 503.
   */
  lockWaitMs?: number
}

/** Whether `error` is SQLite saying another connection holds the lock (SQLITE_BUSY, SQLITE_LOCKED). */
export function isLockError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)
}

/**
 * Opens (and on first use creates) `submissions.db` in `dataDir`: WAL with synchronous=FULL, so a
 * commit that returned is on disk.
 */
export async function openStorage(dataDir: string, options: OpenOptions = {}): Promise<Storage> {
  const file = path.join(dataDir, DATABASE_FILE)
  if (options.readonly && !existsSync(file))
    throw new SiteError(
      'no-submissions',
      `There is no submissions database at ${file}.`,
      'pass the folder `site serve` stores into with --data DIR (default: data/ in the project).',
    )
  const Driver = await loadDriver()
  if (!options.readonly) mkdirSync(dataDir, { recursive: true })
  let db: Database
  try {
    db = new Driver(file, options.readonly ? { readonly: true, fileMustExist: true } : {})
  } catch (error) {
    // The JavaScript loads but the native addon does not: a missing or mismatched build.
    if (error instanceof Error && /bindings|\.node|dlopen|NODE_MODULE_VERSION/i.test(error.message))
      throw driverMissing(error)
    throw error
  }
  db.pragma('busy_timeout = 5000')
  if (!options.readonly) {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.exec(SCHEMA)
  }
  if (options.lockWaitMs !== undefined)
    db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.lockWaitMs))}`)
  return prepare(db, file, options.readonly === true)
}

interface SubmissionRow {
  id: string
  received_at: string
  kind: Kind
  product: string | null
  payload: string
  spam: number
}

const toSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  receivedAt: row.received_at,
  kind: row.kind,
  product: row.product,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
  spam: row.spam === 1,
})

const SYNCHRONOUS = ['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const

function prepare(db: Database, file: string, readonly: boolean): Storage {
  const durability = () => ({
    journal: String(db.pragma('journal_mode', { simple: true })),
    synchronous: SYNCHRONOUS[Number(db.pragma('synchronous', { simple: true }))] ?? 'OFF',
  })
  const salt = readonly ? '' : ensureSalt(db)
  const listAll = db.prepare<[{ kind: string | null; since: string | null; spam: number }], SubmissionRow>(
    `SELECT id, received_at, kind, product, payload, spam FROM submissions
     WHERE (@kind IS NULL OR kind = @kind) AND (@since IS NULL OR received_at >= @since) AND (@spam = 1 OR spam = 0)
     ORDER BY received_at, rowid`,
  )
  if (readonly)
    return {
      file,
      salt,
      list: (filter = {}) =>
        listAll
          .all({ kind: filter.kind ?? null, since: filter.since ?? null, spam: filter.spam ? 1 : 0 })
          .map(toSubmission),
      insert: readOnly,
      findAnswer: readOnly,
      purgeAnswers: readOnly,
      dueOutbox: readOnly,
      nextOutboxAttempt: readOnly,
      markDelivered: readOnly,
      markFailed: readOnly,
      durability,
      close: () => db.close(),
    }

  const insertSubmission = db.prepare(
    `INSERT INTO submissions (id, received_at, kind, product, payload, spam, client_hash)
     VALUES (@id, @receivedAt, @kind, @product, @payload, @spam, @clientHash)`,
  )
  const insertAnswer = db.prepare(
    `INSERT INTO idempotency_keys (key, fingerprint, status, body, created_at, submission_id)
     VALUES (@key, @fingerprint, @status, @body, @createdAt, @submissionId)
     ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
       body = excluded.body, created_at = excluded.created_at, submission_id = excluded.submission_id`,
  )
  const insertOutbox = db.prepare('INSERT INTO outbox (submission_id, next_attempt_at) VALUES (?, ?)')
  const selectAnswer = db.prepare<[string, number], StoredAnswer>(
    'SELECT fingerprint, status, body FROM idempotency_keys WHERE key = ? AND created_at >= ?',
  )
  const deleteAnswers = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
  const selectDue = db.prepare<[number, number], SubmissionRow & { outbox_id: number; attempts: number }>(
    `SELECT o.id AS outbox_id, o.attempts, s.id, s.received_at, s.kind, s.product, s.payload, s.spam
     FROM outbox o JOIN submissions s ON s.id = o.submission_id
     WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT ?`,
  )
  const selectNext = db.prepare<[], { next: number | null }>(
    'SELECT MIN(next_attempt_at) AS next FROM outbox WHERE delivered_at IS NULL',
  )
  const updateDelivered = db.prepare(
    'UPDATE outbox SET delivered_at = ?, attempts = attempts + 1 WHERE id = ?',
  )
  const updateFailed = db.prepare(
    'UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?',
  )

  const insertAll = db.transaction((items: readonly NewSubmission[]) => {
    for (const item of items) {
      insertSubmission.run({
        id: item.id,
        receivedAt: item.receivedAt,
        kind: item.kind,
        product: item.product,
        payload: JSON.stringify(item.payload),
        spam: item.spam ? 1 : 0,
        clientHash: item.clientHash,
      })
      if (item.idempotency) insertAnswer.run({ ...item.idempotency, submissionId: item.id })
      if (item.notify && !item.spam) insertOutbox.run(item.id, Date.parse(item.receivedAt))
    }
  })

  return {
    file,
    salt,
    durability,
    insert: (items) => insertAll(items),
    findAnswer: (key, notBefore) => selectAnswer.get(key, notBefore),
    purgeAnswers: (before) => void deleteAnswers.run(before),
    list: (filter = {}) =>
      listAll
        .all({ kind: filter.kind ?? null, since: filter.since ?? null, spam: filter.spam ? 1 : 0 })
        .map(toSubmission),
    dueOutbox: (now, limit) =>
      selectDue
        .all(now, limit)
        .map((row) => ({ id: row.outbox_id, attempts: row.attempts, submission: toSubmission(row) })),
    nextOutboxAttempt: () => selectNext.get()?.next ?? undefined,
    markDelivered: (id, at) => void updateDelivered.run(at.toISOString(), id),
    markFailed: (id, attempts, nextAttemptAt, error) =>
      void updateFailed.run(attempts, nextAttemptAt, error, id),
    close: () => {
      if (db.open) db.close()
    },
  }
}

function readOnly(): never {
  throw new Error('This submissions database was opened read-only.')
}

function ensureSalt(db: Database): string {
  const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE name = 'client-salt'").get()
  if (row) return row.value
  const value = randomBytes(16).toString('hex')
  db.prepare("INSERT INTO meta (name, value) VALUES ('client-salt', ?)").run(value)
  return value
}
