import type { FastifyInstance } from 'fastify'
import { API_MESSAGES } from '../lib/api-messages.ts'
import { type BadRequest, BODY_LIMIT, refuse, unstorable } from './json-body.ts'

/** The body of an HTML form posted without JavaScript (docs/decisions.md, "Forms without JavaScript"). */
export const FORM_TYPE = 'application/x-www-form-urlencoded'

/** True for `application/x-www-form-urlencoded`, with or without parameters. */
export function isFormContentType(header: string | undefined): boolean {
  if (!header) return false
  return header.split(';')[0]?.trim().toLowerCase() === FORM_TYPE
}

/**
 * A form-encoded body as one flat object of text, refused for what the JSON parser refuses, in the
 * same words: nothing at all, a `__proto__` field, text no database can store (a NUL; percent-escapes
 * that are not UTF-8 become U+FFFD, so no lone surrogate gets through); and a field sent twice, which
 * no form of the site does. Line breaks arrive as CRLF (the HTML form encoding) and are read as LF,
 * as the browser's own form state holds them, so a description counts the same either way.
 */
export function parseFormBody(text: string): Record<string, string> {
  if (text.trim() === '') throw refuse(API_MESSAGES.EmptyBody, undefined)
  const fields: Record<string, string> = {}
  for (const [key, raw] of new URLSearchParams(text)) {
    if (key === '__proto__') throw refuse(API_MESSAGES.ProtoKey, undefined)
    const inKey = unstorable(key)
    if (inKey) throw refuse(API_MESSAGES.Unstorable, { what: inKey, where: 'a field name' })
    const inValue = unstorable(raw)
    if (inValue) throw refuse(API_MESSAGES.Unstorable, { what: inValue, where: JSON.stringify(key) })
    if (Object.hasOwn(fields, key)) throw refuse(API_MESSAGES.RepeatedField, { field: JSON.stringify(key) })
    fields[key] = raw.replace(/\r\n?/g, '\n')
  }
  return fields
}

/** Reads form-encoded bodies in this (encapsulated) Fastify scope, beside JSON (registerJsonBody). */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    FORM_TYPE,
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string))
      } catch (error) {
        done(error as BadRequest, undefined)
      }
    },
  )
}
