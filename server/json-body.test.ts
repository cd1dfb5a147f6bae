// How the intake API reads a body: which Content-Type is JSON, which bodies it cannot read as sent,
// and the parser's messages. Through the whole server in app.test.ts; here each case alone, with the
// parser registered inside the test (a planted bug is switched on after beforeAll ran).
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { isJsonContentType, parseJson, registerJsonBody, unreadableBody } from './json-body.ts'

describe('isJsonContentType', () => {
  it.each([
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json ; charset=utf-8',
  ])('takes %s as JSON', (header) => expect(isJsonContentType(header)).toBe(true))

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/jsonp',
    'multipart/form-data',
    '',
  ])('does not take "%s" as JSON', (header) => expect(isJsonContentType(header)).toBe(false))
})

describe('unreadableBody', () => {
  it.each([
    ['no charset', 'application/json', undefined],
    ['utf-8', 'application/json; charset=utf-8', undefined],
    ['utf8', 'application/json; charset=UTF8', undefined],
    ['identity encoding', 'application/json', 'identity'],
  ])('reads a body with %s', (_what, type, encoding) => {
    expect(unreadableBody(type, encoding)).toBeUndefined()
  })

  it.each([
    ['application/json; charset=latin1'],
    ['application/json;charset=latin1'],
    ['application/json; charset = latin1'],
    ['application/json; charset="latin1"'],
    ['application/json;\tcharset=LATIN1'],
  ])('refuses another charset, however it is written: %s', (type) => {
    expect(unreadableBody(type, undefined)).toBe('The body must be UTF-8 JSON; charset=latin1 is not read.')
  })

  it('refuses a compressed body', () => {
    expect(unreadableBody('application/json', ' GZIP ')).toBe(
      'Send the body uncompressed; Content-Encoding: gzip is not read.',
    )
  })
})

describe('parseJson', () => {
  it.each(['', '   ', '\n\t '])('says an empty body (%j) is empty, not broken', (text) => {
    expect(() => parseJson(text)).toThrow('The request body is empty; send the form as a JSON object.')
  })

  it('reads JSON with blanks around it', () => {
    expect(parseJson(' {"name": "Asha"}\n')).toEqual({ name: 'Asha' })
  })
})

describe('registerJsonBody', () => {
  const app = async () => {
    const fastify = Fastify()
    await fastify.register(async (api) => {
      registerJsonBody(api)
      api.post('/echo', async (request) => ({ got: request.body }))
    })
    return fastify
  }

  it('reads JSON with its own messages, and no other content type', async () => {
    const fastify = await app()
    try {
      const ok = await fastify.inject({
        method: 'POST',
        url: '/echo',
        payload: '{"a": 1}',
        headers: { 'content-type': 'application/json' },
      })
      expect(ok.json()).toEqual({ got: { a: 1 } })
      const proto = await fastify.inject({
        method: 'POST',
        url: '/echo',
        payload: '{"__proto__": {"admin": true}}',
        headers: { 'content-type': 'application/json' },
      })
      expect(proto.statusCode).toBe(400)
      expect(proto.json().message).toBe('The request body holds a "__proto__" key, which is not allowed.')
      const text = await fastify.inject({
        method: 'POST',
        url: '/echo',
        payload: 'a=1',
        headers: { 'content-type': 'text/plain' },
      })
      expect(text.statusCode).toBe(415)
    } finally {
      await fastify.close()
    }
  })
})
