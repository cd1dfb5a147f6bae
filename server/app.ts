import { createServer } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { errorAnswer } from './api-errors.ts'
import { intakeForms } from './forms.ts'
import { groupCommit } from './group-commit.ts'
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.ts'
import { type Outbox, startOutbox } from './outbox.ts'
import { rateLimiter } from './rate-limit.ts'
import { registerRequestLog } from './request-log.ts'
import { API_PREFIX, registerApi } from './routes.ts'
import { registerStatic } from './static.ts'
import { isLockError, type NewSubmission, openStorage, type Storage } from './storage.ts'

export interface AppOptions {
  /** The built site to serve (dist/client). */
  dist: string
  /** The folder that holds submissions.db; created when missing. */
  dataDir: string
  /** Product slugs enquiries and warranty activations may name (content/catalogue.yaml). */
  productSlugs: readonly string[]
  /** The public site origin allowed to call the API cross-origin (SITE_URL or siteUrl). */
  siteOrigin?: string | undefined
  /** API requests per minute per client address; 0 turns the limit off. */
  rateLimit: number
  /** Notify this URL of each new submission (through the outbox). */
  webhook?: { url: string; baseDelayMs?: number; maxDelayMs?: number } | undefined
  /** Where request and error lines go; one line each, no personal data. */
  log?: (line: string) => void
  /**
   * Proxies in front whose X-Forwarded-For entries are trusted (for the rate limit and client hash): a
   * hop count or their addresses/CIDRs. Undefined: none; the client is the connection's address.
   */
  trustProxy?: number | string[] | undefined
  /** Most time a client may take to send a whole request, headers and body (408 after). */
  requestTimeoutMs?: number
  /** Most connections open at once; more are closed as they arrive. */
  maxConnections?: number
}

/** A form is a few KB: 15 s to send one is generous on the slowest phone connection. */
export const REQUEST_TIMEOUT_MS = 15_000
/** Far above what one server of this size answers well; a cap so a flood of idle sockets cannot exhaust it. */
export const MAX_CONNECTIONS = 2_000

/** The intake server before it listens. */
export interface IntakeApp {
  fastify: FastifyInstance
  storage: Storage
}

/**
 * Builds the one-process server: the static site and the intake API. Closing the Fastify instance
 * finishes requests in flight, commits what is queued, stops the webhook loop and closes the database.
 */
export async function createApp(options: AppOptions): Promise<IntakeApp> {
  const log = options.log ?? ((line: string) => console.log(line))
  // Requests never wait on another process's write lock: pages do not touch the database, and a locked
  // write fails at once and is answered 503 with Retry-After (routes.ts).
  const storage = await openStorage(options.dataDir, { lockWaitMs: 0 })
  const writer = groupCommit<NewSubmission>((items) => storage.insert(items), {
    failsWholeBatch: isLockError,
  })
  const limiter = options.rateLimit > 0 ? rateLimiter(options.rateLimit) : undefined
  let outbox: Outbox | undefined

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const fastify = Fastify({
    logger: false,
    // Node's server, with the request timeout checked often enough to end a trickled body on time
    // (a client sending one byte every few seconds gets 408, not a connection held for minutes).
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout,
          headersTimeout: Math.min(requestTimeout, 10_000),
          connectionsCheckingInterval: Math.min(1_000, requestTimeout),
        },
        handler,
      )
      server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS
      return server
    },
    // A hop count trusts that many addresses from the connection inwards (the connection itself first).
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(options.trustProxy)
        : (options.trustProxy ?? false),
    return503OnClosing: true,
    // A URL that cannot be decoded (`/%E0%A4%A`) never reaches a route.
    frameworkErrors: (error, _request, reply) => {
      const answer = errorAnswer(error)
      void (reply as unknown as FastifyReply).code(answer.status).send(answer.body)
    },
  })
  registerRequestLog(fastify, log)
  fastify.setErrorHandler(async (error, _request, reply) => {
    const answer = errorAnswer(error)
    // The stack names code, never request data.
    if (answer.bug) log(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
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
    writer.flush()
    await outbox?.stop()
    storage.close()
  })

  const forms = intakeForms(options.productSlugs)
  const endpoints = new Set(forms.map((form) => API_PREFIX + form.path))
  try {
    await registerApi(fastify, {
      forms,
      storage,
      writer,
      limiter,
      siteOrigin: options.siteOrigin,
      notify: options.webhook !== undefined,
      onCommitted: () => outbox?.notify(),
    })
    const site = await registerStatic(fastify, { root: options.dist, warn: log })
    fastify.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? ''
      if (endpoints.has(path))
        return reply
          .code(405)
          .header('allow', 'POST, OPTIONS')
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
    try {
      storage.purgeAnswers(Date.now() - IDEMPOTENCY_WINDOW_MS)
    } catch (error) {
      // Locked by another process: old keys wait for the next minute.
      if (!isLockError(error)) throw error
    }
  }, 60_000)
  housekeeping.unref()
  if (options.webhook) outbox = startOutbox({ storage, ...options.webhook, log })
  return { fastify, storage }
}
