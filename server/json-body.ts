import type { FastifyInstance } from 'fastify'
import { API_MESSAGES, type ApiAnswer, type ApiMessage, apiAnswer } from '../lib/api-messages.ts'

/** The largest request body the intake API reads. */
export const BODY_LIMIT = 16 * 1024

/** A 4xx the API answers with `{error}`: thrown by the parser, mapped by the error handler. */
export class BadRequest extends Error {
  readonly statusCode: number
  constructor(readonly answer: ApiAnswer) {
    super(answer.body.error)
    this.statusCode = answer.status
  }
}

/** A BadRequest of one kind of API_MESSAGES. */
export const refuse = <P>(kind: ApiMessage<P>, params: P) => new BadRequest(apiAnswer(kind, params))

/** True for `application/json`, with or without parameters such as `charset=utf-8`. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/**
 * Why a JSON body cannot be read as sent, or undefined when it can: the body is read as UTF-8 text,
 * so another charset or a compressed body would be misread (and its bytes echoed in an error).
 */
export function unreadableBody(
  contentType: string,
  contentEncoding: string | undefined,
): ApiAnswer | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase()
  if (charset && charset !== 'utf-8' && charset !== 'utf8')
    return apiAnswer(API_MESSAGES.NotUtf8, { charset })
  const encoding = contentEncoding?.trim().toLowerCase()
  if (encoding && encoding !== 'identity') return apiAnswer(API_MESSAGES.Compressed, { encoding })
  return undefined
}

/** The deepest nesting a body may have. A form is one flat object; the rest is room for a mistake. */
export const MAX_DEPTH = 16

/**
 * How deeply `text` nests objects and arrays, counted without parsing it (brackets inside strings do
 * not count), stopping once past `limit`: a body of a million `[` cannot make the parser or anything
 * after it recurse until the stack runs out.
 */
function deeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/** An unpaired UTF-16 surrogate (`\ud800` alone), which no text encoding can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Why a string cannot be stored as text (PostgreSQL's json/jsonb and text types refuse NUL and
 * unpaired surrogates, and a table holding one breaks `payload->>'name'` for every row), or undefined.
 * No person types either; both come from a broken or hostile client.
 */
export function unstorable(text: string): 'nul' | 'surrogate' | undefined {
  if (text.includes('\u0000')) return 'nul'
  if (LONE_SURROGATE.test(text)) return 'surrogate'
  return undefined
}

/**
 * JSON.parse that refuses what the server would mishandle, each with a message saying what to send:
 * `__proto__` keys (they can change an object's prototype when the value is later copied with
 * Object.assign), nesting deeper than {@link MAX_DEPTH}, and text that cannot be stored (NUL, unpaired
 * surrogates). It says where broken JSON is broken.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === '') throw refuse(API_MESSAGES.EmptyBody, undefined)
  if (deeperThan(text, MAX_DEPTH)) throw refuse(API_MESSAGES.TooDeep, { depth: MAX_DEPTH })
  try {
    return JSON.parse(text, (key, value) => {
      if (key === '__proto__') throw refuse(API_MESSAGES.ProtoKey, undefined)
      const inKey = unstorable(key)
      if (inKey) throw refuse(API_MESSAGES.Unstorable, { what: inKey, where: 'a field name' })
      const inValue = typeof value === 'string' ? unstorable(value) : undefined
      if (inValue) throw refuse(API_MESSAGES.Unstorable, { what: inValue, where: JSON.stringify(key) })
      return value
    })
  } catch (error) {
    if (error instanceof BadRequest) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw refuse(API_MESSAGES.NotJsonText, { detail })
  }
}

/**
 * Makes `application/json` the only body this (encapsulated) Fastify scope reads: every other
 * content type is refused with 415 by Fastify before its body is read.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseJson(body as string))
      } catch (error) {
        done(error as Error, undefined)
      }
    },
  )
}
