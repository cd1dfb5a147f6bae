import type { Duplex } from 'node:stream'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { API_MESSAGES, type ApiAnswer, apiAnswer } from '../lib/api-messages.ts'
import { errorAnswer } from './api-errors.ts'
import type { AppOptions } from './app.ts'
import { isRefusedConnection, limitConnectionsPerClient } from './connection-limits.ts'
import { rawAnswer } from './raw-answer.ts'
import { registerRequestLog } from './request-log.ts'

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

/** Defaults for {@link ConnectionLimits}. */
export const LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 2_048,
  connectionsPerClient: 128,
  keepAliveTimeoutMs: 5_000,
}

/** A header every answer carries (the `/*` rules of `_headers`: HSTS, CSP, nosniff …). */
export interface SecurityHeader {
  name: string
  value: string
}

/**
 * Trusts the `hops` addresses nearest the server (the socket, then X-Forwarded-For from its right end):
 * the client is the first address past them, which no client can choose by writing to the header.
 */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/**
 * The HTTP side of the server, before any route: Fastify with the connection limits and timeouts, what
 * Node refuses before a route runs answered with the API's `{error}` body and the security headers
 * (known only once the site's `_headers` is read: `everywhere.set`), the Host and Expect checks,
 * one log line per request, and a shutdown that serves what already arrived.
 */
export function createHttpServer(
  options: ConnectionLimits & Pick<AppOptions, 'trustProxy'>,
  log: (line: string) => void,
): {
  fastify: FastifyInstance
  everywhere: { get: () => readonly SecurityHeader[]; set: (headers: readonly SecurityHeader[]) => void }
} {
  let headers: readonly SecurityHeader[] = []
  const everywhere = {
    get: () => headers,
    set: (next: readonly SecurityHeader[]) => {
      headers = next
    },
  }
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
    // and each answer during the shutdown closes its connection (closeConnectionsWhileClosing).
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
      // answer carries: the first hook answers it instead (refuseWithoutHost).
      requireHostHeader: false,
    },
    // What Node refuses before any route runs (a malformed request, headers too large, too slow)
    // gets the API's `{error}` body and the security headers, not Node's own.
    clientErrorHandler: (error, socket) => clientError(error, socket, headers),
    // A URL that cannot be decoded (`/%E0%A4%A`) never reaches a route, nor the hooks that add headers.
    frameworkErrors: (error, _request, reply) => {
      const answer = errorAnswer(error)
      const raw = reply as unknown as FastifyReply
      for (const { name, value } of headers) raw.header(name, value)
      void raw.code(answer.status).header('cache-control', 'no-store').send(answer.body)
    },
  })
  fastify.server.maxConnections = options.maxConnections ?? LIMITS.maxConnections
  limitConnectionsPerClient(fastify.server, {
    perClient: options.connectionsPerClient ?? LIMITS.connectionsPerClient,
    trustProxy: options.trustProxy,
    headers: everywhere.get,
  })
  refuseWithoutHost(fastify)
  answerExpectations(fastify, everywhere.get)
  registerRequestLog(fastify, log)
  answerErrors(fastify, log)
  closeConnectionsWhileClosing(fastify)
  return { fastify, everywhere }
}

/** An HTTP/1.1 request without Host is a 400 with the API's body; a refused connection is not handled. */
function refuseWithoutHost(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    // A connection refused for its client's share already has its 429; its requests are not handled.
    if (isRefusedConnection(request.raw.socket)) return reply.hijack()
    const { httpVersionMajor, httpVersionMinor } = request.raw
    if (httpVersionMajor === 1 && httpVersionMinor >= 1 && !request.headers.host) {
      const answer = apiAnswer(API_MESSAGES.NoHost, undefined)
      return reply
        .code(answer.status)
        .header('cache-control', 'no-store')
        .header('connection', 'close')
        .send(answer.body)
    }
  })
}

/** An `Expect` other than 100-continue: Node would answer 417 itself, bare. */
function answerExpectations(fastify: FastifyInstance, everywhere: () => readonly SecurityHeader[]): void {
  fastify.server.on('checkExpectation', (_request, response) => {
    const answer = apiAnswer(API_MESSAGES.UnmetExpectation, undefined)
    const body = JSON.stringify(answer.body)
    response.writeHead(answer.status, {
      ...Object.fromEntries(everywhere().map(({ name, value }) => [name, value])),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    })
    response.end(body)
  })
}

/** An error thrown while handling a request: its answer, and the stack logged when it is a bug. */
function answerErrors(fastify: FastifyInstance, log: (line: string) => void): void {
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
}

/** While closing, answers close their connection, so keep-alive clients do not hold the shutdown up. */
function closeConnectionsWhileClosing(fastify: FastifyInstance): void {
  let closing = false
  fastify.addHook('preClose', async () => {
    closing = true
  })
  fastify.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
}

/** Answers for what Node's HTTP parser refuses, by its error code. */
const CLIENT_ERRORS: Record<string, ApiAnswer> = {
  HPE_HEADER_OVERFLOW: apiAnswer(API_MESSAGES.HeadersTooLarge, undefined),
  ERR_HTTP_REQUEST_TIMEOUT: apiAnswer(API_MESSAGES.TooSlow, undefined),
}

/** Writes the answer to a request Node could not parse, then closes the connection. */
export function clientError(
  error: Error & { code?: string },
  socket: Duplex,
  headers: readonly SecurityHeader[],
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy()
    return
  }
  rawAnswer(socket, CLIENT_ERRORS[error.code ?? ''] ?? apiAnswer(API_MESSAGES.NotHttp, undefined), headers)
}
