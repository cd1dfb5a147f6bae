import { Agent, request } from 'node:http'
import { spawnSiteServer } from './child.ts'
import { makeSite, VALID } from './testing.ts'

export interface BenchOptions {
  /** Submissions measured (after a warm-up of a tenth as many). */
  total?: number
  /** Requests in flight at once, each on its own keep-alive connection. */
  concurrency?: number
}

/** POSTs one JSON body on a keep-alive agent; resolves with the status. */
function post(agent: Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * Valid submissions per second that `site serve` answers 201, each committed with synchronous=FULL
 * before its answer. The server runs in its own process on a temporary data folder (as in production:
 * one process per server), the load comes from this one over keep-alive connections.
 */
export async function benchSubmissions(
  options: BenchOptions = {},
): Promise<{ perSecond: number; total: number }> {
  const total = options.total ?? 10_000
  const concurrency = options.concurrency ?? 64
  const site = await makeSite()
  const server = await spawnSiteServer(site)
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const paths = Object.keys(VALID) as (keyof typeof VALID)[]
  const bodies = paths.map((p) => ({ url: new URL(p, server.url), body: JSON.stringify(VALID[p]) }))

  const run = async (count: number) => {
    let next = 0
    const worker = async () => {
      while (next < count) {
        const { url, body } = bodies[next++ % bodies.length] as (typeof bodies)[number]
        const status = await post(agent, url, body)
        if (status !== 201) throw new Error(`The server answered ${status} to a valid submission.`)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
  }

  try {
    await run(Math.ceil(total / 10))
    const start = performance.now()
    await run(total)
    const seconds = (performance.now() - start) / 1000
    return { perSecond: Math.round(total / seconds), total }
  } finally {
    agent.destroy()
    server.child.kill('SIGTERM')
    await server.exited
    await site.cleanup()
  }
}
