import type { FastifyInstance } from 'fastify'

/**
 * One line per request: method, path (without the query), status and milliseconds. Nothing else:
 * no body, no address, no headers, so the log holds no personal data.
 */
export function formatRequestLine(method: string, url: string, status: number, ms: number): string {
  const path = url.split('?')[0] ?? url
  return `${method} ${path} ${status} ${ms.toFixed(1)}ms`
}

/** Logs every answered request with {@link formatRequestLine}. */
export function registerRequestLog(app: FastifyInstance, log: (line: string) => void): void {
  app.addHook('onResponse', async (request, reply) => {
    log(formatRequestLine(request.method, request.url, reply.statusCode, reply.elapsedTime))
  })
}
