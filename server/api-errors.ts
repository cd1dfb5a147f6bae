import { API_MESSAGES, type ApiAnswer, apiAnswer } from '../lib/api-messages.ts'
import { BadRequest, BODY_LIMIT } from './json-body.ts'

/** Fastify's own request errors, by code, in words a client developer can act on (lib/api-messages.ts). */
const BY_CODE: Record<string, ApiAnswer> = {
  FST_ERR_CTP_BODY_TOO_LARGE: apiAnswer(API_MESSAGES.TooLarge, { kb: BODY_LIMIT / 1024 }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: apiAnswer(API_MESSAGES.NotJson, undefined),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: apiAnswer(API_MESSAGES.BadContentLength, undefined),
  FST_ERR_BAD_URL: apiAnswer(API_MESSAGES.BadUrl, undefined),
  FST_ERR_CTP_EMPTY_JSON_BODY: apiAnswer(API_MESSAGES.EmptyBody, undefined),
}

export const SERVER_FAILED: ApiAnswer = apiAnswer(API_MESSAGES.ServerFailed, undefined)

/**
 * The answer for an error thrown while handling an API request: a 4xx with a message for the client,
 * or a 500 (and `bug: true`, so the server logs the stack) for anything unexpected. A 4xx Fastify or
 * a file sender raised on its own (a 416 for a range past the end) keeps its status with a general
 * message: its own text may echo the request.
 */
export function errorAnswer(error: unknown): ApiAnswer & { bug: boolean } {
  if (error instanceof BadRequest) return { ...error.answer, bug: false }
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number }
  const known = code ? BY_CODE[code] : undefined
  if (known) return { ...known, bug: false }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return { status: statusCode, body: apiAnswer(API_MESSAGES.Unreadable, undefined).body, bug: false }
  return { ...SERVER_FAILED, bug: true }
}
