/**
 * What only the SQLite store does: wait out another process's write lock on timers (never blocking
 * the event loop), and say what to do when the database or its driver is not there.
 * server/storage.test.ts holds the contract both stores keep.
 */
import { chmodSync, existsSync, statSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import {
  makeSite,
  newSubmission,
  type SiteFixture,
  type SmallDisk,
  smallDisk,
} from '../tests/server-fixtures.ts'
import { DATABASE_FILE, openStorage, type Storage, StorageBusy } from './storage.ts'

let site: SiteFixture
let storage: Storage
let holder: Database.Database

beforeEach(async () => {
  site = await makeSite()
  storage = await openStorage(site.data, { busyWaitMs: 300 })
  // Another process on the same file, as `site submissions` or a second `site serve` would be.
  holder = new Database(path.join(site.data, DATABASE_FILE))
})

afterEach(async () => {
  if (holder.inTransaction) holder.exec('ROLLBACK')
  holder.close()
  await storage.close()
  await site.cleanup()
})

it('waits for a write lock another process lets go of within the wait, then stores', async () => {
  holder.exec('BEGIN IMMEDIATE')
  setTimeout(() => holder.exec('ROLLBACK'), 60)
  await storage.insert([newSubmission('a')])
  expect((await storage.list()).map((s) => s.id)).toEqual(['a'])
})

it('answers busy when the lock outlasts the wait, and stores nothing', async () => {
  holder.exec('BEGIN IMMEDIATE')
  const error = await storage.insert([newSubmission('a')]).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(StorageBusy)
  expect((error as StorageBusy).message).toBe('The submissions database is locked by another process.')
  holder.exec('ROLLBACK')
  expect(await storage.list()).toEqual([])
})

it('waits for a lock no longer than the deadline it is given, however long the store may wait (issue #32)', async () => {
  const patient = await openStorage(site.data, { busyWaitMs: 600_000 })
  holder.exec('BEGIN IMMEDIATE')
  try {
    // Its submissions already waited behind a batch that failed: without the deadline this waits 10 minutes.
    const error = await patient
      .insert([newSubmission('a')], { waitUntil: Date.now() })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageBusy)
  } finally {
    holder.exec('ROLLBACK')
    await patient.close()
  }
  expect(await storage.list()).toEqual([])
})

it('lets any other failure through as itself, without waiting', async () => {
  holder.exec('DROP TABLE outbox')
  const error = await storage.insert([newSubmission('a')]).catch((e: unknown) => e)
  expect(error).not.toBeInstanceOf(StorageBusy)
  expect((error as { code?: string }).code).toBe('SQLITE_ERROR')
})

it('says where it looked and which folder to pass when there is no database to read', async () => {
  const folder = path.join(site.dir, 'none')
  const error = await openStorage(folder, { readonly: true }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).message).toBe(
    `There is no submissions database at ${path.join(folder, DATABASE_FILE)}.`,
  )
  expect((error as SiteError).hint).toBe(
    'pass the folder `site serve` stores into with --data DIR (default: data/ in the project).',
  )
})

it('says so, and leaves the file alone, when submissions.db is not a database', async () => {
  const folder = path.join(site.dir, 'other')
  const file = path.join(folder, DATABASE_FILE)
  await openStorage(folder).then((store) => store.close())
  const text = 'Not a database: a spreadsheet saved under the wrong name.\n'.repeat(20)
  await writeFile(file, text)
  for (const readonly of [false, true]) {
    const error = await openStorage(folder, { readonly }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SiteError)
    expect((error as SiteError).code).toBe('not-a-database')
    expect((error as SiteError).message).toBe(
      `${file} is not a SQLite database (damaged, or another program's file); it was left as it is.`,
    )
    expect((error as SiteError).hint).toBe(
      'move it aside to start a new one, or pass the folder `site serve` stores into with --data DIR.',
    )
  }
  expect(await readFile(file, 'utf8')).toBe(text)
})

it('says a SQLite database without its tables holds no submissions, when reading one', async () => {
  const folder = path.join(site.dir, 'other')
  const file = path.join(folder, DATABASE_FILE)
  await mkdir(folder)
  const other = new Database(file)
  other.exec('CREATE TABLE notes (text TEXT)')
  other.close()
  const error = await openStorage(folder, { readonly: true }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).code).toBe('no-submissions')
  expect((error as SiteError).message).toBe(
    `${file} holds no submissions: it has none of the tables \`site serve\` creates.`,
  )
  expect((error as SiteError).hint).toBe(
    'pass the folder `site serve` stores into with --data DIR (default: data/ in the project).',
  )
})

describe('on a disk that fails (issue #32)', () => {
  let disk: SmallDisk | undefined
  beforeEach(async () => {
    disk = await smallDisk('1m')
  })
  afterEach(async () => {
    await disk?.unmount()
  })
  /** A data folder on the small disk; the test is skipped where this process may not mount one. */
  const folder = (context: { skip: (note: string) => void }) => {
    if (!disk) context.skip('mounting a tmpfs needs root')
    return path.join(disk?.dir ?? '', 'data')
  }

  it('answers busy when the disk is full, saying so, and stores again once there is room', async (context) => {
    const store = await openStorage(folder(context), { busyWaitMs: 300 })
    try {
      await store.insert([newSubmission('a')])
      await disk?.fill()
      const error = await store
        .insert([newSubmission('b', { payload: { text: 'x'.repeat(8_000) } })])
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(StorageBusy)
      expect((error as StorageBusy).message).toBe(
        'The submissions database cannot be written: the disk holding it is full (SQLITE_FULL).',
      )
      await disk?.free()
      await store.insert([newSubmission('c')])
      expect((await store.list()).map((s) => s.id)).toEqual(['a', 'c'])
    } finally {
      await store.close()
    }
  })

  it('refuses to start on a store it cannot write, saying why and what to do', async (context) => {
    const data = folder(context)
    await (await openStorage(data)).close()
    await disk?.readOnly(true)
    const readOnly = await openStorage(data).catch((e: unknown) => e)
    expect(readOnly).toBeInstanceOf(SiteError)
    expect((readOnly as SiteError).code).toBe('storage-not-writable')
    expect((readOnly as SiteError).message).toMatch(
      new RegExp(
        `^Cannot write the submissions database ${path.join(data, DATABASE_FILE)}: its files or folder cannot be written \\(read-only, or not this user’s\\) \\(SQLITE_READONLY[A-Z_]*\\)\\. The server did not start\\.$`,
      ),
    )
    expect((readOnly as SiteError).hint).toMatch(/^make the folder and its files writable/)
    // `site submissions` still reads it.
    const reader = await openStorage(data, { readonly: true })
    expect(await reader.list()).toEqual([])
    await reader.close()

    await disk?.readOnly(false)
    await disk?.fill()
    const full = await openStorage(data).catch((e: unknown) => e)
    expect((full as SiteError).code).toBe('storage-not-writable')
    expect((full as SiteError).message).toMatch(
      /: the disk holding it is full \(SQLITE_FULL\)\. The server did not start\.$/,
    )
    expect((full as SiteError).hint).toBe(
      'free space on that disk (or pass --data DIR on another one), then start again.',
    )
  })
})

it('maps none of its files into memory: a fault on a mapped file (WAL’s -shm) is a SIGBUS that ends the process', async () => {
  await storage.insert([newSubmission('a')])
  expect((await storage.list()).map((s) => s.id)).toEqual(['a'])
  const mapped = (await readFile('/proc/self/maps', 'utf8'))
    .split('\n')
    .filter((line) => line.includes(site.data))
  expect(mapped).toEqual([])
  expect(existsSync(path.join(site.data, `${DATABASE_FILE}-shm`))).toBe(false)
})

it('reads a database a server left mid-transaction (killed), rolling the unfinished transaction back', async () => {
  await storage.insert([newSubmission('a')])
  // A transaction under way, big enough that SQLite writes pages to the file before it commits: a
  // copy of the folder taken now is what a kill leaves, a database and its hot journal.
  holder.pragma('cache_size = 1')
  holder.exec('BEGIN IMMEDIATE')
  for (let i = 0; i < 500; i++)
    holder.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run(`filler-${i}`, 'x'.repeat(200))
  const crashed = path.join(site.dir, 'crashed')
  await mkdir(crashed)
  for (const name of [DATABASE_FILE, `${DATABASE_FILE}-journal`])
    await writeFile(path.join(crashed, name), await readFile(path.join(site.data, name)))
  holder.exec('ROLLBACK')
  const reader = await openStorage(crashed, { readonly: true })
  try {
    expect((await reader.list()).map((s) => s.id)).toEqual(['a'])
  } finally {
    await reader.close()
  }
})

describe('who may read the submissions (issue #47)', () => {
  const mode = (file: string) => statSync(file).mode & 0o777
  let fresh: string

  beforeEach(() => {
    fresh = path.join(site.dir, 'private-data')
  })

  it('creates the data folder 0700 and the database and its journal 0600, whatever the umask', async () => {
    const umask = process.umask(0)
    let store: Storage
    try {
      store = await openStorage(fresh)
    } finally {
      process.umask(umask)
    }
    await store.insert([newSubmission('a')])
    await store.close()
    expect(mode(fresh)).toBe(0o700)
    expect(mode(path.join(fresh, DATABASE_FILE))).toBe(0o600)
    // The rollback journal stays after the first commit (journal_mode = TRUNCATE).
    expect(mode(path.join(fresh, `${DATABASE_FILE}-journal`))).toBe(0o600)
  })

  it('tightens an existing folder and files others may read, and says so in one line', async () => {
    await (await openStorage(fresh)).close()
    const db = path.join(fresh, DATABASE_FILE)
    chmodSync(fresh, 0o755)
    chmodSync(db, 0o644)
    chmodSync(`${db}-journal`, 0o644)
    const said: string[] = []
    await (await openStorage(fresh, { say: (line) => said.push(line) })).close()
    expect([mode(fresh), mode(db), mode(`${db}-journal`)]).toEqual([0o700, 0o600, 0o600])
    expect(said).toEqual([
      `Only this user may read the submissions now: tightened private-data (0755 to 0700), ${DATABASE_FILE} (0644 to 0600), ${DATABASE_FILE}-journal (0644 to 0600) in ${fresh}.`,
    ])
    // Private already: nothing to say the next time.
    said.length = 0
    await (await openStorage(fresh, { say: (line) => said.push(line) })).close()
    expect(said).toEqual([])
  })

  it('leaves the mode of a folder that holds other files too, and still keeps the database private', async () => {
    await mkdir(fresh, { mode: 0o755 })
    chmodSync(fresh, 0o755)
    await writeFile(path.join(fresh, 'notes.txt'), 'not the server’s')
    await (await openStorage(fresh)).close()
    expect(mode(fresh)).toBe(0o755)
    expect(mode(path.join(fresh, DATABASE_FILE))).toBe(0o600)
  })
})
