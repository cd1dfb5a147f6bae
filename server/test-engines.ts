/** The storage engines the contract tests (server/storage.test.ts) run against. Not a test file itself. */

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

export function engines(): Engine[] {
  return [sqlite]
}
