import type { Answer } from './idempotency.ts'
import { BODY_LIMIT } from './json-body.ts'

/** Messages for Fastify's own request errors, in words a client developer can act on. */
const BY_CODE: Record<string, Answer> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    body: {
      error: `The request body is larger than ${BODY_LIMIT / 1024} KB; a form submission is much smaller.`,
    },
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: { error: 'Send the form as JSON: Content-Type: application/json.' },
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    body: { error: 'The Content-Length header does not match the length of the body.' },
  },
  // The URL itself, never echoed: a client may have put anything in it.
  FST_ERR_BAD_URL: {
    status: 400,
    body: { error: 'The URL cannot be read: it holds a %-escape that is not UTF-8 text.' },
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { error: 'The request body is empty; send the form as a JSON object.' },
  },
}

export const SERVER_FAILED: Answer = {
  status: 500,
  body: {
    error:
      'The server could not handle this request; a form sent with it was not saved. Please try again later.',
  },
}

/**
 * The answer for an error thrown while handling an API request: a 4xx with a message for the client,
 * or a 500 (and `bug: true`, so the server logs the stack) for anything unexpected.
 */
export function errorAnswer(error: unknown): Answer & { bug: boolean } {
  const { code, statusCode, message } = (error ?? {}) as {
    code?: string
    statusCode?: number
    message?: string
  }
  const known = code ? BY_CODE[code] : undefined
  if (known) return { ...known, bug: false }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return { status: statusCode, body: { error: message || 'The request could not be read.' }, bug: false }
  return { ...SERVER_FAILED, bug: true }
}
