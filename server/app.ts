import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_MESSAGES, apiAnswer } from '../lib/api-messages.ts'
import { type IntakeForm, intakeForms } from './forms.ts'
import { groupCommit } from './group-commit.ts'
import { type ConnectionLimits, createHttpServer, type SecurityHeader } from './http-server.ts'
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.ts'
import { API_PREFIX, registerApi } from './intake-api.ts'
import { type Deliver, type Outbox, startOutbox, webhookDeliverer } from './outbox.ts'
import { rateLimiter } from './rate-limit.ts'
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
  /** The API's public origin when it is not the site's (SITE_API_BASE or apiBase on another origin). */
  apiOrigin?: string | undefined
  /** Product names by slug, for the pages that answer a form sent without JavaScript. */
  productNames?: Readonly<Record<string, string>>
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
      say: log,
      background: true,
      ...(options.busyWaitMs !== undefined && { busyWaitMs: options.busyWaitMs }),
    }),
    log,
    options.storageQuietMs,
  )
  const busyWaitMs = options.busyWaitMs ?? BUSY_WAIT_MS
  const writer = groupCommit<NewSubmission>(
    (items) => storage.insert(items, { waitUntil: batchDeadline(items, busyWaitMs) }),
    { retryAlone: (error) => !(error instanceof StorageBusy) },
  )
  const limiter = options.rateLimit > 0 ? rateLimiter(options.rateLimit) : undefined
  const deliverers: Partial<Record<Channel, Deliver>> = { ...options.deliverers }
  if (options.webhook) deliverers.webhook = webhookDeliverer(options.webhook.url)
  let outbox: Outbox | undefined
  let housekeeping: NodeJS.Timeout | undefined

  const { fastify, everywhere } = createHttpServer(options, log)
  fastify.addHook('onClose', async () => {
    clearInterval(housekeeping)
    await writer.flush()
    await outbox?.stop()
    await storage.close()
  })
  try {
    await registerApi(fastify, {
      forms: intakeForms(options.productSlugs),
      storage,
      writer,
      limiter,
      siteOrigin: options.siteOrigin,
      apiOrigin: options.apiOrigin,
      products: options.productSlugs.map((slug) => ({ slug, name: options.productNames?.[slug] ?? slug })),
      notify: (kind) => [
        ...(deliverers.webhook ? (['webhook'] as const) : []),
        ...(options.mailKinds?.includes(kind) ? (['mail'] as const) : []),
      ],
      onCommitted: () => outbox?.notify(),
    })
    const site = await registerStatic(fastify, { root: options.dist, warn: log })
    everywhere.set(site.everywhere)
    registerFallbacks(fastify, intakeForms(options.productSlugs), site.notFound, everywhere.get)
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

/**
 * What every answer ends with, and what no route answered: the security headers of `_headers` on
 * redirects, errors and API answers as on files, and a cache rule on each (what `_headers` or a route
 * gave it, else revalidated, or for an error not kept at all); a method Fastify has no route for on an
 * API endpoint is a 405, an unknown API path a 404 as JSON, anything else the site's not-found page.
 */
function registerFallbacks(
  fastify: FastifyInstance,
  forms: readonly IntakeForm[],
  notFound: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  everywhere: () => readonly SecurityHeader[],
): void {
  const endpoints = new Set(forms.map((form) => API_PREFIX + form.path))
  fastify.addHook('onSend', async (_request, reply) => {
    for (const { name, value } of everywhere()) if (!reply.hasHeader(name)) reply.header(name, value)
    if (!reply.hasHeader('cache-control'))
      reply.header('cache-control', reply.statusCode < 400 ? REVALIDATE : 'no-store')
  })
  fastify.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    // Methods Fastify has no route for (TRACE, PROPFIND, ...) on an endpoint that exists: 405.
    if (endpoints.has(path)) {
      const answer = apiAnswer(API_MESSAGES.MethodNotAllowed, { method: request.method })
      return reply
        .code(answer.status)
        .header('allow', 'POST, OPTIONS')
        .header('cache-control', 'no-store')
        .send(answer.body)
    }
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      const answer = apiAnswer(API_MESSAGES.NoEndpoint, { path })
      return reply.code(answer.status).send(answer.body)
    }
    return notFound(request, reply)
  })
}
