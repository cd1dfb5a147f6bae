import { ERRORS, siteError } from '../lib/errors.ts'
import { parseUrlSetting } from './url-setting.ts'

/** The three forms the intake API takes. */
export const KINDS = ['contact', 'enquiry', 'warranty'] as const
export type Kind = (typeof KINDS)[number]

/** How a new submission is announced: a POST to the webhook, or an e-mail to the staff. */
export const CHANNELS = ['webhook', 'mail'] as const
export type Channel = (typeof CHANNELS)[number]

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
  /** One outbox entry per channel (none for spam). */
  notify: readonly Channel[]
}

/** How long the first answer for an Idempotency-Key is kept. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000

/** The first answer given for an Idempotency-Key. */
export interface StoredAnswer {
  fingerprint: string
  status: number
  body: string
}

/** An outbox entry claimed for delivery, with the submission it announces. */
export interface OutboxEntry {
  id: number
  channel: Channel
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

/**
 * The submissions database, SQLite (one server) or PostgreSQL (several). Every method is async, so a
 * locked or slow database never holds up the event loop; one that stays locked or unreachable past a
 * bounded wait rejects with {@link StorageBusy}.
 */
export interface Storage {
  /** Where the data lives, for people: a file path or a database URL without its password. */
  readonly location: string
  /**
   * A random value kept in the database, mixed into client hashes; the same after a restart. Read it
   * once {@link Storage.ready} has resolved: a store still reaching its database has none yet.
   */
  readonly salt: string
  /**
   * Resolves once the store can be used: at once for a store opened at start; a PostgreSQL store that
   * started during an outage tries to reach its database now, and rejects with StorageBusy if it has
   * not by `waitUntil` (ms since the epoch; default: now plus the bounded wait).
   */
  ready(waitUntil?: number): Promise<void>
  /**
   * Writes the submissions (and their idempotency keys and outbox entries) in one transaction. A lock
   * is waited for until `waitUntil` (ms since the epoch; default: now plus the store's bounded wait),
   * then StorageBusy: a batch that queued behind a failing one has already waited.
   */
  insert(items: readonly NewSubmission[], options?: { waitUntil?: number }): Promise<void>
  /** The answer stored for an Idempotency-Key at or after `notBefore` (ms since the epoch). */
  findAnswer(key: string, notBefore: number): Promise<StoredAnswer | undefined>
  /** Deletes Idempotency-Keys older than `before` (ms since the epoch). */
  purgeAnswers(before: number): Promise<void>
  list(filter?: ListFilter): Promise<Submission[]>
  /**
   * Takes up to `limit` undelivered entries of `channels` due at `now` that no instance holds, and holds
   * them until `now + leaseMs`: another instance skips them until then, and takes them over after
   * (when this one died mid-delivery).
   */
  claimOutbox(
    now: number,
    limit: number,
    leaseMs: number,
    channels: readonly Channel[],
  ): Promise<OutboxEntry[]>
  /** Ms since the epoch when the next undelivered entry of `channels` may be claimed, if any. */
  nextOutboxAttempt(channels: readonly Channel[]): Promise<number | undefined>
  markDelivered(id: number, at: Date): Promise<void>
  markFailed(id: number, attempts: number, nextAttemptAt: number, error: string): Promise<void>
  /**
   * The outbox entries not delivered yet, per channel: how many, and when the oldest one's submission
   * arrived (ISO 8601). Channels with none are left out.
   */
  undelivered(): Promise<Undelivered>
  /** The durability setting in force (SQLite `synchronous`, PostgreSQL `synchronous_commit`). */
  durability(): Promise<string>
  close(): Promise<void>
}

/** Undelivered outbox entries per channel (see {@link Storage.undelivered}). */
export type Undelivered = Partial<Record<Channel, { count: number; oldest: string }>>

/** What a store opened read-only (`site submissions`) can do: everything that only reads. */
export type ReadingStorage = Pick<
  Storage,
  'location' | 'salt' | 'ready' | 'list' | 'undelivered' | 'durability' | 'close'
>

/** A store opened read-only: it reads as `reading` does, and every write rejects. */
export function readOnlyStorage(reading: ReadingStorage): Storage {
  const refuse = async (): Promise<never> => {
    throw new Error('This submissions database was opened read-only.')
  }
  return {
    ...reading,
    insert: refuse,
    findAnswer: refuse,
    purgeAnswers: refuse,
    claimOutbox: refuse,
    nextOutboxAttempt: refuse,
    markDelivered: refuse,
    markFailed: refuse,
  }
}

/**
 * The store cannot take the operation now: locked or unreachable for longer than the bounded wait, or
 * its storage failing (a full disk, read-only files, a lost connection). Nothing was written; a later
 * try may work. The message says why, for the operator's log; it holds no request data.
 */
export class StorageBusy extends Error {
  override readonly name = 'StorageBusy'
  constructor(
    message: string,
    /** Seconds a client should wait before trying again. */
    readonly retryAfterSeconds = 5,
    /** The driver's own error, when there was one. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause })
  }
}

/**
 * An Idempotency-Key committed by another request (another instance, or one that raced this one)
 * within the window: the transaction was rolled back; the stored answer is the one to give.
 */
export class KeyTaken extends Error {
  override readonly name = 'KeyTaken'
  constructor(readonly key: string) {
    super('This Idempotency-Key was committed by another request.')
  }
}

export interface OpenOptions {
  /** Open an existing database for reading only (list and export); never creates anything. */
  readonly?: boolean
  /** `postgres://…` (SITE_DATABASE_URL or --database); unset: SQLite in the data folder. */
  databaseUrl?: string | undefined
  /** How long one operation may wait for a locked or unreachable database before StorageBusy. */
  busyWaitMs?: number
  /** Where the server's own notices go (permissions it tightened, a database reached late). */
  say?: (line: string) => void
  /**
   * The server's open: a PostgreSQL server that cannot be reached yet does not stop the start; the
   * store opens itself in the background (server/opening-storage.ts) and answers StorageBusy meanwhile.
   */
  background?: boolean
}

/** How long a submission waits for a busy store before its 503 (docs/server.md), unless told. */
export const BUSY_WAIT_MS = 2_000

/**
 * Opens the submissions store: PostgreSQL when `databaseUrl` is set, else (and on first use creates)
 * `submissions.db` in `dataDir`.
 */
export async function openStorage(dataDir: string, options: OpenOptions = {}): Promise<Storage> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./pg-storage.ts')
    return openPostgres(options.databaseUrl, options)
  }
  const { openSqlite } = await import('./sqlite-storage.ts')
  return openSqlite(dataDir, options)
}

/** Reads `--database` / SITE_DATABASE_URL: a postgres:// URL, or a message saying what to write. */
export function parseDatabaseUrl(value: string | undefined, from: string): string | undefined {
  const url = parseUrlSetting(value, {
    protocols: ['postgres:', 'postgresql:'],
    refusal: () => siteError(ERRORS.BadDatabaseUrl, { from }),
  })
  return url && value?.trim()
}

/** A database URL as people may see it: the password replaced by ***. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return 'the database URL'
  }
}
