import { expect, it, vi } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import { openStorage } from './storage.ts'

// What an install with --omit=optional leaves: no better-sqlite3 at all.
vi.mock('better-sqlite3', () => {
  throw new Error("Cannot find package 'better-sqlite3' imported from server/storage.ts")
})

it('says to install the optional dependency when better-sqlite3 is missing', async () => {
  const error = await openStorage('/nonexistent/data').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).code).toBe('sqlite-missing')
  // The cause's first line, as the loader reported it (here, Vitest's report of the failed import).
  expect((error as SiteError).message).toMatch(
    /^Storing form submissions needs better-sqlite3, an optional dependency that is not installed or not built \(\[vitest\] There was an error when mocking a module\. [^\n]*\)\.$/,
  )
  expect((error as SiteError).hint).toBe(
    'run `npm install --include=optional` (an install with --omit=optional leaves it out), then try again.',
  )
})
