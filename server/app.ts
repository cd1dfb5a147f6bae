import type { Duplex } from 'node:stream'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { errorAnswer } from './api-errors.ts'
import { isRefusedConnection, limitConnectionsPerClient } from './connection-limits.ts'
import { intakeForms } from './forms.ts'
import { groupCommit } from './group-commit.ts'
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.ts'
import { API_PREFIX, registerApi } from './intake-api.ts'
import { type Deliver, type Outbox, startOutbox, webhookDeliverer } from './outbox.ts'
import { rateLimiter } from './rate-limit.ts'
import { rawAnswer } from './raw-answer.ts'
import { registerRequestLog } from './request-log.ts'
import { REVALIDATE, registerStatic } from './static.ts'
import {
  BUSY_WAIT_MS,
  type Channel,
  type Kind,
  type NewSubmission,
  openStorage,
  type Storage,
  StorageBusy,
} from './storage.ts'
import { watchedStorage } from './storage-health.ts'

/** Limits on slow or many connections (a body trickled byte by byte must not hold a socket forever). */
export interface ConnectionLimits {
  /** Ms to receive all request headers; then the connection is closed. */
  headersTimeoutMs?: number
  /** Ms to receive a whole request, headers and body; then 408. */
  requestTimeoutMs?: number
  /** Open connections at most; more are refused at once. */
  maxConnections?: number
  /** Open connections one client (an IPv4 address, an IPv6 /64) may hold; more get 429 at once. */
  connectionsPerClient?: number
  /** Ms an idle keep-alive connection is kept open for the client's next request. */
  keepAliveTimeoutMs?: number
}

export interface AppOptions extends ConnectionLimits {
  /** The built site to serve (dist/client). */
  dist: string
  /** The folder that holds submissions.db; created when missing. Unused with `databaseUrl`. */
  dataDir: string
  /** `postgres://…`: keep submissions in PostgreSQL instead of SQLite. */
  databaseUrl?: string | undefined
  /** How long a submission may wait for a locked or unreachable database before a 503. */
  busyWaitMs?: number
  /** Product slugs enquiries and warranty activations may name (content/catalogue.yaml). */
  productSlugs: readonly string[]
  /** The public site origin allowed to call the API cross-origin (SITE_URL or siteUrl). */
  siteOrigin?: string | undefined
  /** API requests per minute per client address; 0 turns the limit off. */
  rateLimit: number
  /** Notify this URL of each new submission (through the outbox). */
  webhook?: { url: string } | undefined
  /**
   * The kinds of submission that are e-mailed: those content/site.yaml names recipients for. Each one
   * gets a mail entry in the outbox whether or not this instance can send it (`deliverers.mail`), so an
   * instance started without SITE_SMTP_URL beside others that have it loses no e-mail: they send it.
   */
  mailKinds?: readonly Kind[]
  /** Other outbox channels (e-mail), ready to send. */
  deliverers?: Partial<Record<Channel, Deliver>>
  /**
   * How long the store must go without a failure before the log says it works again (5 s); tests
   * shorten it.
   */
  storageQuietMs?: number
  /** Outbox timing; tests shorten it. */
  outbox?: { baseDelayMs?: number; maxDelayMs?: number; leaseMs?: number }
  /** Where request and error lines go; one line each, no personal data. */
  log?: (line: string) => void
  /**
   * Behind reverse proxies: how many of them (the client is the address that many hops back in
   * X-Forwarded-For, never one the client wrote itself), or the proxies' addresses and ranges.
   */
  trustProxy?: number | readonly string[] | undefined
}

/** The intake server before it listens. */
export interface IntakeApp {
  fastify: FastifyInstance
  storage: Storage
}

/** Defaults for {@link ConnectionLimits}. */
export const LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 2_048,
  connectionsPerClient: 128,
  keepAliveTimeoutMs: 5_000,
}

/**
 * Trusts the `hops` addresses nearest the server (the socket, then X-Forwarded-For from its right end):
 * the client is the first address past them, which no client can choose by writing to the header.
 */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/**
 * Until when a batch may wait for a locked database: as long as its oldest submission may still wait,
 * counted from when it arrived. Commits run one at a time, so a submission that queued behind a batch
 * that failed for the lock has waited already; it gets its 503 then, not after a second wait.
 */
export function batchDeadline(items: readonly Pick<NewSubmission, 'receivedAt'>[], waitMs: number): number {
  return Math.min(...items.map((item) => Date.parse(item.receivedAt))) + waitMs
}

/**
 * Builds the one-process server: the static site and the intake API. Closing the Fastify instance
 * finishes requests in flight, commits what is queued, stops the outbox loop and closes the database.
 */
export async function createApp(options: AppOptions): Promise<IntakeApp> {
  const log = options.log ?? ((line: string) => console.log(line))
  const storage = watchedStorage(
    await openStorage(options.dataDir, {
      databaseUrl: options.databaseUrl,
      ...(options.busyWaitMs !== undefined && { busyWaitMs: options.busyWaitMs }),
    }),
    log,
    options.storageQuietMs,
  )
  const busyWaitMs = options.busyWaitMs ?? BUSY_WAIT_MS
  const writer = groupCommit<NewSubmission>(
    (items) => storage.insert(items, { waitUntil: batchDeadline(items, busyWaitMs) }),
    {
      retryAlone: (error) => !(error instanceof StorageBusy),
    },
  )
  const limiter = options.rateLimit > 0 ? rateLimiter(options.rateLimit) : undefined
  const deliverers: Partial<Record<Channel, Deliver>> = { ...options.deliverers }
  if (options.webhook) deliverers.webhook = webhookDeliverer(options.webhook.url)
  let outbox: Outbox | undefined
  /** The security headers every answer carries, from `_headers` (registerStatic reads it). */
  let everywhere: readonly { name: string; value: string }[] = []
  const headersTimeout = options.headersTimeoutMs ?? LIMITS.headersTimeoutMs
  const requestTimeout = options.requestTimeoutMs ?? LIMITS.requestTimeoutMs

  const fastify = Fastify({
    logger: false,
    trustProxy:
      options.trustProxy === undefined
        ? false
        : typeof options.trustProxy === 'number'
          ? trustHops(options.trustProxy)
          : [...options.trustProxy],
    // A request that arrives while the server closes (its head still coming in when the shutdown
    // began, or pipelined behind one in flight) is handled, not refused with Fastify's bare 503 (no
    // Retry-After, none of the headers): the database closes only after every connection has ended,
    // and each answer during the shutdown closes its connection (the onSend hook below).
    return503OnClosing: false,
    requestTimeout,
    // Fastify's default (72 s, to outlast a cloud balancer's idle timeout) lets idle sockets hold the
    // connection slots long after their page loaded; a browser opens a new one at once when it needs it.
    keepAliveTimeout: options.keepAliveTimeoutMs ?? LIMITS.keepAliveTimeoutMs,
    // Node checks the two timeouts on this interval; a tenth of the shorter keeps them close to exact.
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(headersTimeout, requestTimeout) / 10),
      // Node's own 400 for an HTTP/1.1 request without Host has no body and none of the headers every
      // answer carries: the first hook below answers it instead.
      requireHostHeader: false,
    },
    // What Node refuses before any route runs (a malformed request, headers too large, too slow)
    // gets the API's `{error}` body and the security headers, not Node's own.
    clientErrorHandler: (error, socket) => clientError(error, socket, everywhere),
    // A URL that cannot be decoded (`/%E0%A4%A`) never reaches a route, nor the hooks that add headers.
    frameworkErrors: (error, _request, reply) => {
      const answer = errorAnswer(error)
      const raw = reply as unknown as FastifyReply
      for (const { name, value } of everywhere) raw.header(name, value)
      void raw.code(answer.status).header('cache-control', 'no-store').send(answer.body)
    },
  })
  fastify.server.maxConnections = options.maxConnections ?? LIMITS.maxConnections
  limitConnectionsPerClient(fastify.server, {
    perClient: options.connectionsPerClient ?? LIMITS.connectionsPerClient,
    trustProxy: options.trustProxy,
    headers: () => everywhere,
  })
  fastify.addHook('onRequest', async (request, reply) => {
    // A connection refused for its client's share already has its 429; its requests are not handled.
    if (isRefusedConnection(request.raw.socket)) return reply.hijack()
    const { httpVersionMajor, httpVersionMinor } = request.raw
    if (httpVersionMajor === 1 && httpVersionMinor >= 1 && !request.headers.host)
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .header('connection', 'close')
        .send({ error: 'The request has no Host header, which HTTP/1.1 requires; name the site it is for.' })
  })
  // An `Expect` other than 100-continue: Node would answer 417 itself, bare.
  fastify.server.on('checkExpectation', (_request, response) => {
    const body = JSON.stringify({
      error: 'The request expects something this server does not do; send it without the Expect header.',
    })
    response.writeHead(417, {
      ...Object.fromEntries(everywhere.map(({ name, value }) => [name, value])),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    })
    response.end(body)
  })
  registerRequestLog(fastify, log)
  fastify.setErrorHandler(async (error, _request, reply) => {
    const answer = errorAnswer(error)
    // The stack names code, never request data.
    if (answer.bug) log(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    // A range past the end of a file: the file sender puts `Content-Range: bytes */<size>` on its
    // error, which says how long the file is (RFC 9110, 15.5.17).
    const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range']
    if (answer.status === 416 && range) reply.header('content-range', range)
    return reply.code(answer.status).send(answer.body)
  })

  let housekeeping: NodeJS.Timeout | undefined
  // While closing, answers close their connection, so keep-alive clients do not hold the shutdown up.
  let closing = false
  fastify.addHook('preClose', async () => {
    closing = true
  })
  fastify.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })

  fastify.addHook('onClose', async () => {
    clearInterval(housekeeping)
    await writer.flush()
    await outbox?.stop()
    await storage.close()
  })

  try {
    const forms = intakeForms(options.productSlugs)
    const endpoints = new Set(forms.map((form) => API_PREFIX + form.path))
    await registerApi(fastify, {
      forms,
      storage,
      writer,
      limiter,
      siteOrigin: options.siteOrigin,
      notify: (kind) => [
        ...(deliverers.webhook ? (['webhook'] as const) : []),
        ...(options.mailKinds?.includes(kind) ? (['mail'] as const) : []),
      ],
      onCommitted: () => outbox?.notify(),
    })
    const site = await registerStatic(fastify, { root: options.dist, warn: log })
    everywhere = site.everywhere
    // Redirects, errors and API answers carry the security headers as files do, and every answer says
    // how it may be cached: what `_headers` or a route gave it, else revalidated (a page, a redirect, a
    // file without a rule of its own) or, for an error, not kept at all.
    fastify.addHook('onSend', async (_request, reply) => {
      for (const { name, value } of everywhere) if (!reply.hasHeader(name)) reply.header(name, value)
      if (!reply.hasHeader('cache-control'))
        reply.header('cache-control', reply.statusCode < 400 ? REVALIDATE : 'no-store')
    })
    fastify.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? ''
      // Methods Fastify has no route for (TRACE, PROPFIND, ...) on an endpoint that exists: 405.
      if (endpoints.has(path))
        return reply
          .code(405)
          .header('allow', 'POST, OPTIONS')
          .header('cache-control', 'no-store')
          .send({ error: `${request.method} is not allowed here; send the form with POST.` })
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))
        return reply.code(404).send({ error: `There is no API endpoint at ${path}.` })
      return site.notFound(request, reply)
    })
    await fastify.ready()
  } catch (error) {
    await fastify.close()
    throw error
  }
  housekeeping = setInterval(() => {
    limiter?.sweep()
    storage.purgeAnswers(Date.now() - IDEMPOTENCY_WINDOW_MS).catch(() => {})
  }, 60_000)
  housekeeping.unref()
  if (Object.keys(deliverers).length > 0)
    outbox = startOutbox({ storage, deliverers, ...options.outbox, log })
  return { fastify, storage }
}

/** Answers for what Node's HTTP parser refuses, by its error code. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; error: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: 'The request headers are too large; send fewer or shorter headers (cookies included).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    error: 'The request took too long to arrive; send it again in one go.',
  },
}
const MALFORMED = { status: 400, reason: 'Bad Request', error: 'The request is not valid HTTP/1.1.' }

/** Writes the answer to a request Node could not parse, then closes the connection. */
export function clientError(
  error: Error & { code?: string },
  socket: Duplex,
  headers: readonly { name: string; value: string }[],
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy()
    return
  }
  rawAnswer(socket, CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED, headers)
}
