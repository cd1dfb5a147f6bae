import { createHash, randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_MESSAGES, type ApiAnswer, apiAnswer } from '../lib/api-messages.ts'
import { clientKey } from './client-address.ts'
import { isFormContentType, registerFormBody } from './form-body.ts'
import { type AnswerBody, FORM_PAGE_CSP, formPage } from './form-page.ts'
import { type IntakeForm, isHoneypotFilled } from './forms.ts'
import type { GroupCommit } from './group-commit.ts'
import { type Answer, fingerprint, idempotency, readKey } from './idempotency.ts'
import { BODY_LIMIT, isJsonContentType, registerJsonBody, unreadableBody } from './json-body.ts'
import type { RateLimiter } from './rate-limit.ts'
import { type Channel, type Kind, type NewSubmission, type Storage, StorageBusy } from './storage.ts'

/** Where the intake API lives on this origin (../shared/spec/DECISIONS.md: the embedded API base). */
export const API_PREFIX = '/api'

export interface ApiOptions {
  forms: readonly IntakeForm[]
  storage: Pick<Storage, 'findAnswer' | 'salt' | 'ready'>
  writer: GroupCommit<NewSubmission>
  /** Undefined: no limit. */
  limiter: RateLimiter | undefined
  /** The public site origin allowed to call the API from another origin; same-origin needs nothing. */
  siteOrigin: string | undefined
  /**
   * The API's own public origin when it is not the site's (`SITE_API_BASE` on another origin): the
   * pages it answers a form sent without JavaScript post from there when the form is sent again.
   */
  apiOrigin?: string | undefined
  /** Every product's slug and name in menu order, for those pages' product list (slugs when unknown). */
  products?: readonly { slug: string; name: string }[]
  /** The outbox channels a new submission of `kind` is queued for (webhook, mail). */
  notify: (kind: Kind) => readonly Channel[]
  /** Called after submissions were committed (wakes the webhook outbox). */
  onCommitted?: () => void
}

/** The methods an endpoint refuses with 405 (POST and OPTIONS are its own). */
export const OTHER_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'] as const

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const send = (reply: FastifyReply, answer: Answer) => reply.code(answer.status).send(answer.body)

/**
 * Whether a request's `Origin` may post: none at all (curl, servers: not a browser, so no ambient
 * credentials to abuse), the configured site origin, or this server's own origin when it is reached by
 * address (`npm start`: http://127.0.0.1:4173, or localhost). A name is never taken from the request's
 * own Host: a page on evil.example whose DNS name was pointed at this server (DNS rebinding) sends
 * `Host: evil.example` with `Origin: http://evil.example`. A site reached by a name sets SITE_URL.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  siteOrigin: string | undefined,
  host: string,
  apiOrigin?: string,
) {
  if (origin === undefined) return true
  if (siteOrigin !== undefined && origin === siteOrigin) return true
  if (apiOrigin !== undefined && origin === apiOrigin) return true
  try {
    const parsed = new URL(origin)
    const name = parsed.hostname.replace(/^\[|\]$/g, '')
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      parsed.host === host &&
      (isIP(name) !== 0 || name === 'localhost')
    )
  } catch {
    return false
  }
}

/**
 * Who sent a POST, by its `Origin`; a form post without one (a browser older than the Origin header on
 * form posts) by its `Referer`, so an old browser cannot be made to post the site's forms from another.
 */
function senderOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  if (origin !== undefined || !isFormContentType(request.headers['content-type'])) return origin
  const referer = request.headers.referer
  if (referer === undefined) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

/**
 * The intake API under `/api`, in its own Fastify scope: JSON or HTML form bodies (16 KB), CORS for
 * the site origin, a per-client rate limit, 404/405 as JSON, and one POST route per form. A 201 is
 * sent only after the submission's transaction has committed. A form sent without JavaScript
 * (form-encoded) gets every answer as a page instead of JSON, with the same status and words.
 */
export async function registerApi(app: FastifyInstance, options: ApiOptions): Promise<void> {
  await app.register(async (api) => {
    registerJsonBody(api)
    registerFormBody(api)
    api.addHook('onRequest', gatekeeper(options))
    api.addHook('onSend', answerPages(options))
    const receive = receiver(options)
    for (const form of options.forms) registerForm(api, form, receive, options.siteOrigin)
    const unknown = async (request: FastifyRequest, reply: FastifyReply) =>
      send(reply, apiAnswer(API_MESSAGES.NoEndpoint, { path: request.url.split('?')[0] ?? '' }))
    for (const url of [API_PREFIX, `${API_PREFIX}/*`])
      api.route({
        method: ['POST', 'OPTIONS', ...OTHER_METHODS],
        url,
        exposeHeadRoute: false,
        onRequest: unknown,
        handler: unknown,
      })
  })
}

/**
 * What every API request meets first: answers never cached or sniffed, CORS for the site origin, a
 * POST from a foreign origin refused (403), and the per-client rate limit (429 with Retry-After).
 */
function gatekeeper(options: ApiOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin
    // Answers about one person's submission: never cached, never sniffed.
    reply.header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    reply.header('vary', 'Origin')
    if (options.siteOrigin && origin === options.siteOrigin) {
      reply.header('access-control-allow-origin', origin)
      reply.header('access-control-expose-headers', 'Retry-After')
    }
    if (
      request.method === 'POST' &&
      !isAllowedOrigin(senderOf(request), options.siteOrigin, request.host, options.apiOrigin)
    )
      return send(reply, apiAnswer(API_MESSAGES.ForeignOrigin, undefined))
    if (request.method === 'OPTIONS' || !options.limiter) return
    // Per client, an IPv6 client by its /64: one host has a whole /64 to pick addresses from.
    const decision = options.limiter.take(clientKey(request.ip))
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds))
      return send(reply, apiAnswer(API_MESSAGES.RateLimited, decision))
    }
  }
}

/**
 * One form's endpoint: POST (JSON only, refused by content type before the body is read; a busy
 * database is a 503 with Retry-After), OPTIONS (CORS preflight for the site origin) and 405 for the rest.
 */
function registerForm(
  api: FastifyInstance,
  form: IntakeForm,
  receive: (request: FastifyRequest, form: IntakeForm) => Promise<Answer>,
  siteOrigin: string | undefined,
): void {
  const url = API_PREFIX + form.path
  api.route({
    method: 'POST',
    url,
    bodyLimit: BODY_LIMIT,
    // This also shuts out cross-site HTML form posts, which can only send form encodings or text/plain.
    onRequest: async (request, reply) => {
      const refused = bodyRefusal(request)
      if (refused) return send(reply, refused)
    },
    handler: async (request, reply) => {
      try {
        return send(reply, await receive(request, form))
      } catch (error) {
        if (!(error instanceof StorageBusy)) throw error
        reply.header('retry-after', String(error.retryAfterSeconds))
        return send(reply, apiAnswer(API_MESSAGES.StorageBusy, error))
      }
    },
  })
  api.route({
    method: 'OPTIONS',
    url,
    handler: async (request, reply) => {
      reply.header('allow', 'POST, OPTIONS')
      if (siteOrigin && request.headers.origin === siteOrigin) {
        reply.header('access-control-allow-methods', 'POST')
        reply.header('access-control-allow-headers', 'Content-Type, Idempotency-Key')
        reply.header('access-control-max-age', '600')
      }
      return reply.code(204).send()
    },
  })
  api.route({
    method: [...OTHER_METHODS],
    url,
    exposeHeadRoute: false,
    onRequest: async (request, reply) => {
      reply.header('allow', 'POST, OPTIONS')
      return send(reply, apiAnswer(API_MESSAGES.MethodNotAllowed, { method: request.method }))
    },
    handler: async () => undefined,
  })
}

/**
 * Why a POST's body will not be read, judged by its headers alone: neither JSON nor an HTML form (a
 * multipart or text/plain form cannot be read), not UTF-8, compressed.
 */
function bodyRefusal(request: FastifyRequest): ApiAnswer | undefined {
  const type = request.headers['content-type']
  if (!isJsonContentType(type) && !isFormContentType(type)) return apiAnswer(API_MESSAGES.NotJson, undefined)
  return unreadableBody(type ?? '', request.headers['content-encoding'])
}

/**
 * For a form sent without JavaScript: the JSON answer of one of the form endpoints becomes the page
 * a person reads (server/form-page.ts), with the same status; any other request keeps its JSON.
 */
function answerPages(options: ApiOptions) {
  const forms = new Map(options.forms.map((form) => [API_PREFIX + form.path, form]))
  const products = options.products ?? []
  // Links to the site's pages are relative while the API shares the site's origin.
  const siteBase =
    options.apiOrigin && options.apiOrigin !== options.siteOrigin ? (options.siteOrigin ?? '') : ''
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const form = forms.get(request.routeOptions.url ?? '')
    if (!form || typeof payload !== 'string' || !isFormContentType(request.headers['content-type']))
      return payload
    reply.header('content-type', 'text/html; charset=utf-8')
    reply.header('content-security-policy', FORM_PAGE_CSP)
    const values = isPlainObject(request.body) ? (request.body as Record<string, string>) : undefined
    return formPage({
      kind: form.kind,
      status: reply.statusCode,
      body: JSON.parse(payload) as AnswerBody,
      values,
      products,
      siteBase,
    })
  }
}

/**
 * Takes in one submission: the body must be a JSON object and the Idempotency-Key well formed; a key
 * seen before replays its answer; a body the form's rules refuse is a 422 with their messages; a valid
 * one is committed (with its outbox entries) before its 201 is sent.
 */
function receiver(options: ApiOptions) {
  const once = idempotency(options.storage).once
  const clientHash = (ip: string) =>
    createHash('sha256').update(options.storage.salt).update(ip).digest('base64url').slice(0, 22)
  return async (request: FastifyRequest, form: IntakeForm): Promise<Answer> => {
    const body = request.body
    if (!isPlainObject(body)) return apiAnswer(API_MESSAGES.NotAnObject, undefined)
    const key = readKey(request.headers['idempotency-key'])
    if (key === 'malformed') return apiAnswer(API_MESSAGES.BadIdempotencyKey, undefined)
    return once(key.key, fingerprint(form.path, body), async (record) => {
      const result = await form.validate(body)
      if (!result.ok) return { status: 422, body: { errors: result.errors } }
      // The client's hash needs the database's salt: a store that started during an outage reaches it now.
      await options.storage.ready()
      const id = randomUUID()
      const answer = { status: 201, body: { id } }
      await options.writer.write({
        id,
        receivedAt: new Date().toISOString(),
        kind: form.kind,
        product: form.product(result.value),
        payload: result.value,
        // Answered like a real one, so a bot cannot tell that it was caught.
        spam: isHoneypotFilled(body),
        clientHash: clientHash(request.ip),
        notify: options.notify(form.kind),
        ...(record && {
          idempotency: { ...record, status: answer.status, body: JSON.stringify(answer.body) },
        }),
      })
      options.onCommitted?.()
      return answer
    })
  }
}
