/**
 * Submissions sent without pause to one or more running servers, as the fault tests and the bench
 * need them: valid bodies of the three forms, each with its own Idempotency-Key, on keep-alive
 * connections, loopback only. Which server and which form each request goes to comes from a seeded
 * generator, so a run can be repeated. Not a test file itself.
 */
import { Agent, request } from 'node:http'
import { seededRandom, VALID } from './server-fixtures.ts'

/** What one request got: an HTTP status, or 0 when the connection failed. */
export interface Sent {
  status: number
  /** The id of an acknowledged (201) submission. */
  id?: string
  /** The Retry-After header of a 503. */
  retryAfter?: string
}

/** POSTs one JSON body on `agent`; resolves with the status (0 for a failed connection). */
export function postOn(
  agent: Agent,
  url: URL,
  body: string,
  headers: Record<string, string> = {},
): Promise<Sent> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
        })
        res.on('end', () => {
          const status = res.statusCode ?? 0
          const sent: Sent = { status }
          if (status === 201) sent.id = (JSON.parse(text) as { id: string }).id
          const retryAfter = res.headers['retry-after']
          if (retryAfter) sent.retryAfter = retryAfter
          resolve(sent)
        })
        res.on('error', () => resolve({ status: 0 }))
      },
    )
    req.on('error', () => resolve({ status: 0 }))
    req.end(body)
  })
}

export interface LoadOptions {
  /** The servers' base URLs; a function, so a test can take a server out (a balancer would). */
  targets: () => readonly string[]
  /** Requests in flight at once. */
  concurrency: number
  seed: number
  /** Stop on its own after this many requests (keeps a run bounded whatever happens). */
  maxRequests: number
  /** Prefix of the Idempotency-Keys, so runs against one database never share a key. */
  keyPrefix?: string
}

/** A load under way. */
export interface Load {
  /** Ids answered 201, in the order the answers came. */
  readonly acknowledged: readonly string[]
  /** How many answers of each status per target URL (0: the connection failed). */
  readonly statuses: ReadonlyMap<string, Map<number, number>>
  /** Statuses per target, `{ 'http://…': { 201: 40, 503: 3 } }`, for messages. */
  summary(): Record<string, Record<number, number>>
  /** How many answers of `status` `target` gave so far (any target when omitted). */
  count(status: number, target?: string): number
  /** Resolves once `check` holds (polled every 20 ms), rejects after `ms` naming `what`. */
  until(check: () => boolean, what: string, ms?: number): Promise<void>
  /** Lets the requests in flight finish and sends no more. */
  stop(): Promise<void>
}

const FORMS = Object.keys(VALID) as (keyof typeof VALID)[]

/** Starts sending; see {@link Load}. */
export function startLoad(options: LoadOptions): Load {
  const random = seededRandom(options.seed)
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency })
  const acknowledged: string[] = []
  const statuses = new Map<string, Map<number, number>>()
  const prefix = options.keyPrefix ?? `load-${options.seed}`
  let sent = 0
  let stopped = false
  let failure: Error | undefined

  const record = (target: string, status: number) => {
    const byStatus = statuses.get(target) ?? new Map<number, number>()
    statuses.set(target, byStatus)
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  }

  const worker = async () => {
    while (!stopped && sent < options.maxRequests) {
      const n = sent++
      const targets = options.targets()
      const target = targets[Math.floor(random() * targets.length)]
      const form = FORMS[Math.floor(random() * FORMS.length)] as (typeof FORMS)[number]
      if (!target) break
      const answer = await postOn(agent, new URL(form, target), JSON.stringify(VALID[form]), {
        'idempotency-key': `${prefix}-${n}`,
      })
      record(target, answer.status)
      if (answer.id) acknowledged.push(answer.id)
      else if (answer.status === 503 && !answer.retryAfter)
        failure ??= new Error(`${target} answered 503 without Retry-After`)
      else if (answer.status !== 503 && answer.status !== 0)
        failure ??= new Error(`${target} answered ${answer.status} to a valid submission`)
      // A refused or failed request is not retried at once: a client backs off, and the loop would
      // otherwise spin while a server is down.
      if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  const running = Promise.all(Array.from({ length: options.concurrency }, worker))

  const count = (status: number, target?: string) =>
    target === undefined
      ? [...statuses.values()].reduce((sum, byStatus) => sum + (byStatus.get(status) ?? 0), 0)
      : (statuses.get(target)?.get(status) ?? 0)

  return {
    acknowledged,
    statuses,
    count,
    summary: () =>
      Object.fromEntries([...statuses].map(([target, byStatus]) => [target, Object.fromEntries(byStatus)])),
    async until(check, what, ms = 30_000) {
      const deadline = Date.now() + ms
      while (!check()) {
        if (failure) throw failure
        if (Date.now() > deadline || sent >= options.maxRequests)
          throw new Error(`never happened: ${what} (answers so far: ${JSON.stringify(this.summary())})`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async stop() {
      stopped = true
      await running
      agent.destroy()
      if (failure) throw failure
    },
  }
}
