import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type BetterSqlite3 from 'better-sqlite3'
import { ERRORS, type SiteError, siteError } from '../lib/errors.ts'
import {
  BUSY_WAIT_MS,
  type Channel,
  DATABASE_FILE,
  IDEMPOTENCY_WINDOW_MS,
  KeyTaken,
  type Kind,
  type NewSubmission,
  type OpenOptions,
  type ReadingStorage,
  readOnlyStorage,
  type Storage,
  StorageBusy,
  type StoredAnswer,
  type Submission,
} from './storage.ts'

/**
 * Versioned migrations, applied in order inside one transaction each; `PRAGMA user_version` says how
 * many ran. Version 1 is the schema from before versioning (hence IF NOT EXISTS).
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS submissions (
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
  CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // One entry per channel (webhook, mail), and a lease so a claimed entry is not sent twice at once.
  `CREATE TABLE outbox_v2 (
    id INTEGER PRIMARY KEY,
    submission_id TEXT NOT NULL REFERENCES submissions (id),
    channel TEXT NOT NULL CHECK (channel IN ('webhook', 'mail')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    locked_until INTEGER NOT NULL DEFAULT 0,
    delivered_at TEXT,
    last_error TEXT,
    UNIQUE (submission_id, channel)
  );
  INSERT INTO outbox_v2 (id, submission_id, channel, attempts, next_attempt_at, delivered_at, last_error)
    SELECT id, submission_id, 'webhook', attempts, next_attempt_at, delivered_at, last_error FROM outbox;
  DROP TABLE outbox;
  ALTER TABLE outbox_v2 RENAME TO outbox;
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;`,
]

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
  return siteError(ERRORS.SqliteMissing, { detail })
}

/** The fix when the folder read holds no usable submissions database. */
const codeOf = (error: unknown) => (error as { code?: string })?.code ?? ''

const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(error))

/**
 * What went wrong with the database's storage, for SQLite's result codes that say the disk or the files
 * failed (not the request, and not the SQL): a full disk, read-only files, a failing or damaged disk.
 */
const STORAGE_FAULTS: readonly { code: RegExp; what: string; fix: string }[] = [
  {
    code: /^(SQLITE_FULL|ENOSPC)/,
    what: 'the disk holding it is full',
    fix: 'free space on that disk (or pass --data DIR on another one), then start again.',
  },
  {
    code: /^(SQLITE_READONLY|SQLITE_CANTOPEN|SQLITE_PERM|SQLITE_AUTH|EROFS|EACCES|EPERM)/,
    what: 'its files or folder cannot be written (read-only, or not this user’s)',
    fix: 'make the folder and its files writable for the user running `site serve` (and the disk mounted read-write), or pass --data DIR, then start again.',
  },
  {
    code: /^SQLITE_(CORRUPT|NOTADB)/,
    what: 'it is damaged',
    fix: 'move it aside (keep it for recovery) to start a new one, or pass --data DIR.',
  },
  {
    code: /^(SQLITE_(IOERR|NOMEM|PROTOCOL|NOLFS)|EIO)/,
    what: 'reading or writing its files failed',
    fix: 'check the disk (the system log names its errors), or pass --data DIR on another disk.',
  },
]

const faultOf = (error: unknown) => STORAGE_FAULTS.find((fault) => fault.code.test(codeOf(error)))

/** Why the storage failed, with its code (`the disk holding it is full (SQLITE_FULL)`), if it did. */
function storageFault(error: unknown): string | undefined {
  const fault = faultOf(error)
  return fault && `${fault.what} (${codeOf(error)})`
}

/**
 * Runs `operation` without ever blocking on the database lock: SQLite's own busy wait is off (it
 * would stall the event loop, pages included), so a locked database is retried here on timers, with
 * growing pauses, until `deadline` (ms since the epoch); then StorageBusy. It is tried at least once. A failing disk or files are StorageBusy
 * at once: a person cannot fix them by sending the form again at once, and a later try may work.
 */
async function unlocked<T>(operation: () => T, deadline: number): Promise<T> {
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return operation()
    } catch (error) {
      const fault = storageFault(error)
      if (fault) throw new StorageBusy(`The submissions database cannot be written: ${fault}.`, 5, error)
      if (!isBusy(error)) throw error
      if (Date.now() + pause > deadline)
        throw new StorageBusy('The submissions database is locked by another process.')
    }
    await sleep(pause)
  }
}

/**
 * Opens (and on first use creates) `submissions.db` in `dataDir`: a rollback journal with
 * synchronous=FULL, so a commit that returned is on disk. A store that cannot be written (a full or
 * read-only disk, a damaged file) is refused here with a SiteError saying why.
 */
export async function openSqlite(
  dataDir: string,
  options: OpenOptions & { rolledBack?: boolean } = {},
): Promise<Storage> {
  const file = path.join(dataDir, DATABASE_FILE)
  if (options.readonly && !existsSync(file)) throw siteError(ERRORS.NoSubmissionsDatabase, { file })
  const Driver = await loadDriver()
  let db: Database
  try {
    if (!options.readonly) keepPrivate(dataDir, options.say)
    db = new Driver(file, options.readonly ? { readonly: true, fileMustExist: true } : {})
  } catch (error) {
    // The JavaScript loads but the native addon does not: a missing or mismatched build.
    if (error instanceof Error && /bindings|\.node|dlopen|NODE_MODULE_VERSION/i.test(error.message))
      throw driverMissing(error)
    throw cannotUse(file, error, options.readonly) ?? error
  }
  const waitMs = options.busyWaitMs ?? BUSY_WAIT_MS
  let salt = ''
  try {
    if (options.readonly) db.pragma('busy_timeout = 5000')
    else
      salt = await unlocked(() => {
        db.pragma('busy_timeout = 0')
        // A rollback journal, not WAL: WAL maps a shared-memory file (-shm) into the process, and a
        // fault on that file (truncated, or on a failing disk) is a SIGBUS that ends the process, pages
        // and all. With synchronous = FULL a commit that returned is on disk either way.
        db.pragma('journal_mode = TRUNCATE')
        db.pragma('synchronous = FULL')
        db.pragma('foreign_keys = ON')
        migrateSqlite(db)
        const salt = sqliteSalt(db)
        // A committed write now: a store that cannot take one is refused at start, not at the first form.
        db.prepare(
          "INSERT INTO meta (name, value) VALUES ('last-start', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        ).run(new Date().toISOString())
        return salt
      }, Date.now() + Math.max(waitMs, 5_000))
    return sqliteStore(db, file, salt, waitMs)
  } catch (error) {
    db.close()
    // A server killed mid-transaction leaves a hot journal, which only a connection that may write
    // can roll back (any such connection does, on its first read): done once, the committed state is
    // back and the read-only open goes through.
    if (options.readonly && codeOf(error) === 'SQLITE_READONLY_ROLLBACK' && !options.rolledBack) {
      rollBackHotJournal(Driver, file)
      return openSqlite(dataDir, { ...options, rolledBack: true })
    }
    const cause = error instanceof StorageBusy && error.cause !== undefined ? error.cause : error
    if (codeOf(cause) === 'SQLITE_NOTADB') throw siteError(ERRORS.NotADatabase, { file })
    // A SQLite database another program made has none of the tables.
    if (options.readonly && /^no such table/.test((error as Error).message))
      throw siteError(ERRORS.NoSubmissionsTables, { file })
    if (error instanceof StorageBusy && error.cause === undefined)
      throw siteError(ERRORS.StorageLocked, { file })
    throw cannotUse(file, cause, options.readonly) ?? error
  }
}

/** The folder and files of a store only the user running the server may open: submissions are personal data. */
const PRIVATE_FOLDER = 0o700
const PRIVATE_FILE = 0o600

/** The files SQLite keeps beside the database (a rollback journal; WAL's two from before it). */
const SIDE_FILES = ['-journal', '-wal', '-shm'] as const

const modeOf = (file: string) => statSync(file).mode & 0o777
const octal = (mode: number) => `0${mode.toString(8)}`

/**
 * Makes the data folder and the database files private before SQLite opens them: a new folder is
 * created 0700 and a new database file 0600 (an empty file is a new database to SQLite, and its
 * journal takes the database file's mode), so no other local user can read the submissions. An
 * existing folder or file that others may read is tightened, and `say` gets one line naming each. A
 * folder that holds more than the store's files (`--data .`, a shared folder) is not changed: its
 * other files are not the server's to hide, and the database files in it are private either way.
 */
function keepPrivate(dataDir: string, say: ((line: string) => void) | undefined): void {
  // Windows has no such modes: a file there is private by its folder's access list.
  if (process.platform === 'win32') {
    mkdirSync(dataDir, { recursive: true })
    return
  }
  const tightened: string[] = []
  const tighten = (file: string, mode: number) => {
    const was = modeOf(file)
    if ((was & 0o077) === 0) return
    chmodSync(file, mode)
    tightened.push(`${path.basename(file)} (${octal(was)} to ${octal(mode)})`)
  }
  let folderLeft = false
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER })
  else if (readdirSync(dataDir).every((name) => name.startsWith(DATABASE_FILE)))
    tighten(dataDir, PRIVATE_FOLDER)
  else folderLeft = (modeOf(dataDir) & 0o077) !== 0
  const file = path.join(dataDir, DATABASE_FILE)
  if (!existsSync(file)) closeSync(openSync(file, 'wx', PRIVATE_FILE))
  else tighten(file, PRIVATE_FILE)
  for (const side of SIDE_FILES) if (existsSync(file + side)) tighten(file + side, PRIVATE_FILE)
  if (tightened.length > 0)
    say?.(
      `Only this user may read the submissions now: tightened ${tightened.join(', ')} in ${dataDir}.${folderLeft ? ' The folder holds other files too, so its own mode was left as it is.' : ''}`,
    )
}

/** Opens `file` for writing just long enough for SQLite to roll back a transaction a crash left. */
function rollBackHotJournal(Driver: DatabaseConstructor, file: string): void {
  let db: Database
  try {
    db = new Driver(file, { fileMustExist: true })
  } catch (error) {
    throw siteError(ERRORS.UnfinishedTransaction, { file, code: codeOf(error) })
  }
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('SELECT count(*) FROM sqlite_master').get()
  } finally {
    db.close()
  }
}

/** A SiteError saying why the store cannot be used and what to do, for a storage fault when opening it. */
function cannotUse(file: string, error: unknown, readonly = false): SiteError | undefined {
  const fault = faultOf(error)
  if (!fault) return undefined
  const details = { where: file, what: fault.what, reason: codeOf(error), fix: fault.fix }
  return siteError(readonly ? ERRORS.StorageNotReadable : ERRORS.StorageNotWritable, details)
}

function migrateSqlite(db: Database) {
  const version = db.pragma('user_version', { simple: true }) as number
  MIGRATIONS.slice(version).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${version + index + 1}`)
    }).immediate()
  })
}

interface SubmissionRow {
  id: string
  received_at: string
  kind: Kind
  product: string | null
  payload: string
  spam: number
}

const sqliteSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  receivedAt: row.received_at,
  kind: row.kind,
  product: row.product,
  payload: JSON.parse(row.payload) as Record<string, unknown>,
  spam: row.spam === 1,
})

/** Prepares every statement once; `salt` is empty for a read-only database. */
function sqliteStore(db: Database, file: string, salt: string, waitMs: number): Storage {
  const run = <T>(operation: () => T, deadline = Date.now() + waitMs) => unlocked(operation, deadline)
  const readonly = db.readonly
  const listAll = db.prepare<[{ kind: string | null; since: string | null; spam: number }], SubmissionRow>(
    `SELECT id, received_at, kind, product, payload, spam FROM submissions
     WHERE (@kind IS NULL OR kind = @kind) AND (@since IS NULL OR received_at >= @since) AND (@spam = 1 OR spam = 0)
     ORDER BY received_at, rowid`,
  )
  const countUndelivered = db.prepare<[], { channel: Channel; count: number; oldest: string }>(
    `SELECT o.channel, COUNT(*) AS count, MIN(s.received_at) AS oldest
     FROM outbox o JOIN submissions s ON s.id = o.submission_id
     WHERE o.delivered_at IS NULL GROUP BY o.channel ORDER BY o.channel`,
  )
  const common: ReadingStorage = {
    location: file,
    salt,
    ready: async () => {},
    undelivered: () =>
      run(() =>
        Object.fromEntries(
          countUndelivered.all().map(({ channel, count, oldest }) => [channel, { count, oldest }]),
        ),
      ),
    list: (filter: Parameters<Storage['list']>[0] = {}) =>
      run(() =>
        listAll
          .all({ kind: filter.kind ?? null, since: filter.since ?? null, spam: filter.spam ? 1 : 0 })
          .map(sqliteSubmission),
      ),
    durability: async () => {
      const level = db.pragma('synchronous', { simple: true }) as number
      return ['off', 'normal', 'full', 'extra'][level] ?? String(level)
    },
    close: async () => {
      if (db.open) db.close()
    },
  }
  if (readonly) return readOnlyStorage(common)

  const insertSubmission = db.prepare(
    `INSERT INTO submissions (id, received_at, kind, product, payload, spam, client_hash)
     VALUES (@id, @receivedAt, @kind, @product, @payload, @spam, @clientHash)`,
  )
  const insertAnswer = db.prepare(
    `INSERT INTO idempotency_keys (key, fingerprint, status, body, created_at, submission_id)
     VALUES (@key, @fingerprint, @status, @body, @createdAt, @submissionId)
     ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
       body = excluded.body, created_at = excluded.created_at, submission_id = excluded.submission_id
     WHERE idempotency_keys.created_at < excluded.created_at - ${IDEMPOTENCY_WINDOW_MS}`,
  )
  const insertOutbox = db.prepare(
    'INSERT INTO outbox (submission_id, channel, next_attempt_at) VALUES (?, ?, ?)',
  )
  const selectAnswer = db.prepare<[string, number], StoredAnswer>(
    'SELECT fingerprint, status, body FROM idempotency_keys WHERE key = ? AND created_at >= ?',
  )
  const deleteAnswers = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
  // One statement: claims and returns the entries, so two processes on one file never take the same.
  const claim = db.prepare<[number, number, number, string, number], { id: number }>(
    `UPDATE outbox SET locked_until = ? WHERE id IN (
       SELECT id FROM outbox
       WHERE delivered_at IS NULL AND next_attempt_at <= ? AND locked_until <= ?
         AND channel IN (SELECT value FROM json_each(?))
       ORDER BY next_attempt_at, id LIMIT ?)
     RETURNING id`,
  )
  const selectClaimed = db.prepare<
    [string],
    SubmissionRow & { outbox_id: number; attempts: number; channel: Channel }
  >(
    `SELECT o.id AS outbox_id, o.channel, o.attempts, s.id, s.received_at, s.kind, s.product, s.payload, s.spam
     FROM outbox o JOIN submissions s ON s.id = o.submission_id
     WHERE o.id IN (SELECT value FROM json_each(?)) ORDER BY o.next_attempt_at, o.id`,
  )
  const selectNext = db.prepare<[string], { next: number | null }>(
    `SELECT MIN(MAX(next_attempt_at, locked_until)) AS next FROM outbox
     WHERE delivered_at IS NULL AND channel IN (SELECT value FROM json_each(?))`,
  )
  const updateDelivered = db.prepare(
    'UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, locked_until = 0 WHERE id = ?',
  )
  const updateFailed = db.prepare(
    'UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ?, locked_until = 0 WHERE id = ?',
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
      // A key still in its window is never overwritten: that request was already answered.
      if (item.idempotency && insertAnswer.run({ ...item.idempotency, submissionId: item.id }).changes === 0)
        throw new KeyTaken(item.idempotency.key)
      if (!item.spam)
        for (const channel of item.notify) insertOutbox.run(item.id, channel, Date.parse(item.receivedAt))
    }
  })
  const claimAll = db.transaction((now: number, limit: number, leaseMs: number, channels: string) => {
    const ids = claim.all(now + leaseMs, now, now, channels, limit).map((row) => row.id)
    return ids.length === 0 ? [] : selectClaimed.all(JSON.stringify(ids))
  })

  return {
    ...common,
    insert: (items, options = {}) => run(() => insertAll.immediate(items), options.waitUntil),
    findAnswer: (key, notBefore) => run(() => selectAnswer.get(key, notBefore)),
    purgeAnswers: (before) => run(() => void deleteAnswers.run(before)),
    claimOutbox: (now, limit, leaseMs, channels) =>
      run(() =>
        claimAll.immediate(now, limit, leaseMs, JSON.stringify(channels)).map((row) => ({
          id: row.outbox_id,
          channel: row.channel,
          attempts: row.attempts,
          submission: sqliteSubmission(row),
        })),
      ),
    nextOutboxAttempt: (channels) => run(() => selectNext.get(JSON.stringify(channels))?.next ?? undefined),
    markDelivered: (id, at) => run(() => void updateDelivered.run(at.toISOString(), id)),
    markFailed: (id, attempts, nextAttemptAt, error) =>
      run(() => void updateFailed.run(attempts, nextAttemptAt, error, id)),
  }
}

function sqliteSalt(db: Database): string {
  const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE name = 'client-salt'").get()
  if (row) return row.value
  const value = randomBytes(16).toString('hex')
  db.prepare("INSERT INTO meta (name, value) VALUES ('client-salt', ?)").run(value)
  return value
}
