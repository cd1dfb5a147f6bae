import type { FastifyInstance } from 'fastify'

/** The largest request body the intake API reads. */
export const BODY_LIMIT = 16 * 1024

/** A 4xx the API answers with `{error}`: thrown by the parser, mapped by the error handler. */
export class BadRequest extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

/** True for `application/json`, with or without parameters such as `charset=utf-8`. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/**
 * Why a JSON body cannot be read as sent, or undefined when it can: the body is read as UTF-8 text,
 * so another charset or a compressed body would be misread (and its bytes echoed in an error).
 */
export function unreadableBody(contentType: string, contentEncoding: string | undefined): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase()
  if (charset && charset !== 'utf-8' && charset !== 'utf8')
    return `The body must be UTF-8 JSON; charset=${charset} is not read.`
  const encoding = contentEncoding?.trim().toLowerCase()
  if (encoding && encoding !== 'identity')
    return `Send the body uncompressed; Content-Encoding: ${encoding} is not read.`
  return undefined
}

/**
 * JSON.parse that refuses `__proto__` keys (they can change an object's prototype when the value is
 * later copied with Object.assign) and says where the JSON is broken.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === '')
    throw new BadRequest(400, 'The request body is empty; send the form as a JSON object.')
  try {
    return JSON.parse(text, (key, value) => {
      if (key === '__proto__')
        throw new BadRequest(400, 'The request body holds a "__proto__" key, which is not allowed.')
      return value
    })
  } catch (error) {
    if (error instanceof BadRequest) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw new BadRequest(400, `The request body is not valid JSON: ${detail}`)
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
