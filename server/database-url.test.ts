import { describe, expect, it } from 'vitest'
import { KeyTaken, parseDatabaseUrl, redactUrl, StorageBusy } from './storage.ts'

describe('the database URL (--database, SITE_DATABASE_URL)', () => {
  it('takes a postgres:// or postgresql:// URL as written, trimmed; nothing means SQLite', () => {
    expect(parseDatabaseUrl(' postgres://site:pw@db:5432/site ', '--database')).toBe(
      'postgres://site:pw@db:5432/site',
    )
    expect(parseDatabaseUrl('postgresql://db/site', '--database')).toBe('postgresql://db/site')
    expect(parseDatabaseUrl(undefined, '--database')).toBeUndefined()
    expect(parseDatabaseUrl('  ', 'SITE_DATABASE_URL')).toBeUndefined()
  })

  it('refuses anything else, naming where it came from and what to write', () => {
    for (const value of ['mysql://db/site', 'db:5432/site', 'not a url', 'sqlite:submissions.db']) {
      let error: unknown
      try {
        parseDatabaseUrl(value, 'SITE_DATABASE_URL')
      } catch (e) {
        error = e
      }
      expect(error).toMatchObject({
        code: 'bad-database-url',
        message: 'SITE_DATABASE_URL is not a PostgreSQL URL.',
        hint: 'write postgres://USER:PASSWORD@HOST:5432/DATABASE, or leave it unset to keep SQLite under --data.',
      })
    }
  })

  it('is shown with its password hidden, and never shown when it cannot be read', () => {
    expect(redactUrl('postgres://site:s3cret@db:5432/site')).toBe('postgres://site:***@db:5432/site')
    expect(redactUrl('postgres://db:5432/site')).toBe('postgres://db:5432/site')
    expect(redactUrl('postgres://site:s3cret@[db/site')).toBe('the database URL')
  })
})

describe('storage errors as a log shows them', () => {
  it('name themselves and say what happened', () => {
    expect(String(new StorageBusy('The database stayed locked for 5 s.'))).toBe(
      'StorageBusy: The database stayed locked for 5 s.',
    )
    expect(String(new KeyTaken('k-1'))).toBe(
      'KeyTaken: This Idempotency-Key was committed by another request.',
    )
  })
})
