/**
 * better-sqlite3's JavaScript loads but its native part does not (built for another Node, or not
 * built at all): the same "install it" message as when the package is missing, with the cause.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

let data: string

beforeEach(async () => {
  data = await mkdtemp(path.join(tmpdir(), 'site-driver-'))
})

/** A driver whose constructor fails as a broken native build does; the modules loaded afresh with it. */
async function brokenDriver(message: string) {
  vi.resetModules()
  vi.doMock('better-sqlite3', () => ({
    default: class {
      constructor() {
        throw new Error(message)
      }
    },
  }))
  const { openStorage } = await import('./storage.ts')
  const { SiteError } = await import('../lib/errors.ts')
  return { openStorage, SiteError }
}

afterEach(async () => {
  vi.doUnmock('better-sqlite3')
  await rm(data, { recursive: true, force: true })
})

it('says to install the optional dependency when its native addon does not load', async () => {
  const { openStorage, SiteError } = await brokenDriver(
    'Could not locate the bindings file. Tried:\n → /app/node_modules/better-sqlite3/build/better_sqlite3.node',
  )
  const error = await openStorage(data).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SiteError)
  expect((error as InstanceType<typeof SiteError>).code).toBe('sqlite-missing')
  expect((error as InstanceType<typeof SiteError>).message).toBe(
    'Storing form submissions needs better-sqlite3, an optional dependency that is not installed or not built (Could not locate the bindings file. Tried:).',
  )
})

it('passes any other failure to open the file through as itself', async () => {
  const { openStorage, SiteError } = await brokenDriver('unable to open database file')
  const error = await openStorage(data).catch((e: unknown) => e)
  expect(error).not.toBeInstanceOf(SiteError)
  expect((error as Error).message).toBe('unable to open database file')
})
