/**
 * What only the SQLite store does: wait out another process's write lock on timers (never blocking
 * the event loop), and say what to do when the database or its driver is not there.
 * server/storage.test.ts holds the contract both stores keep.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import { DATABASE_FILE, openStorage, type Storage, StorageBusy } from './storage.ts'
import { makeSite, newSubmission, type SiteFixture } from './testing.ts'

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
