/**
 * Two `site serve` processes on one PostgreSQL database, as behind a load balancer: one store, one
 * answer per Idempotency-Key, every outbox entry delivered once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestPostgres, type TestPostgres } from '../tests/postgres.ts'
import { makeSite, postJson, type SiteFixture, VALID } from '../tests/server-fixtures.ts'
import { fixtureServeArgs, type ServerProcess, spawnServer, webhookCounter } from '../tests/server-process.ts'
import { openStorage } from './storage.ts'

let site: SiteFixture
let postgres: TestPostgres
let databaseUrl: string
let hook: Awaited<ReturnType<typeof webhookCounter>> | undefined
const delivered = () => hook?.calls ?? new Map<string, number>()
const servers: ServerProcess[] = []

beforeAll(async () => {
  site = await makeSite()
  postgres = await startTestPostgres()
  databaseUrl = await postgres.createDatabase()
  hook = await webhookCounter()
}, 120_000)

afterAll(async () => {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  hook?.close()
  await postgres?.stop()
  await site?.cleanup()
}, 60_000)

it('shares one store: starts together, stores each submission once, delivers each entry once', async () => {
  const args = (data: string) => [
    ...fixtureServeArgs(site, data),
    '--database',
    databaseUrl,
    '--webhook',
    hook?.url ?? '',
  ]
  // Both apply the migrations at the same moment: the advisory lock lets one do it.
  servers.push(
    ...(await Promise.all([spawnServer(args(`${site.data}-a`)), spawnServer(args(`${site.data}-b`))])),
  )
  const [a, b] = servers as [ServerProcess, ServerProcess]
  for (let i = 0; i < 200 && !a.output().includes('Submissions go to'); i++)
    await new Promise((resolve) => setTimeout(resolve, 10))
  // Where submissions go, without the password.
  expect(a.output()).toContain('Submissions go to postgres://postgres:***@127.0.0.1')

  const CONTACT = '/api/contactinformations'
  const plain = await Promise.all(
    Array.from({ length: 60 }, (_, n) => postJson(`${(n % 2 ? a : b).url}${CONTACT}`, VALID[CONTACT])),
  )
  expect(plain.map((r) => r.status)).toEqual(plain.map(() => 201))
  const ids = await Promise.all(plain.map(async (r) => ((await r.json()) as { id: string }).id))

  // The same key sent to both instances at once: one submission, the same answer from both.
  const pairs = await Promise.all(
    Array.from({ length: 10 }, async (_, n) => {
      const headers = { 'idempotency-key': `pair-${n}` }
      const answers = await Promise.all([
        postJson(`${a.url}${CONTACT}`, VALID[CONTACT], headers),
        postJson(`${b.url}${CONTACT}`, VALID[CONTACT], headers),
      ])
      const bodies = await Promise.all(
        answers.map(async (r) => [r.status, (await r.json()) as { id: string }] as const),
      )
      return bodies
    }),
  )
  for (const [[statusA, bodyA], [statusB, bodyB]] of pairs as [
    [number, { id: string }],
    [number, { id: string }],
  ][]) {
    expect([statusA, statusB]).toEqual([201, 201])
    expect(bodyA.id).toBe(bodyB.id)
  }
  const pairIds = pairs.map((p) => (p[0] as [number, { id: string }])[1].id)

  const reader = await openStorage(site.data, { databaseUrl, readonly: true })
  try {
    const stored = (await reader.list()).map((s) => s.id).sort()
    expect(stored).toEqual([...ids, ...pairIds].sort())
  } finally {
    await reader.close()
  }

  const all = [...ids, ...pairIds]
  for (let i = 0; i < 1000 && !all.every((id) => delivered().has(id)); i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  expect(all.filter((id) => delivered().get(id) !== 1)).toEqual([])
  expect(delivered().size).toBe(all.length)
}, 120_000)
