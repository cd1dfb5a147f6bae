// How the intake API reads a body: which Content-Type is JSON, which bodies it cannot read as sent,
// and the parser's messages. Through the whole server in app.test.ts; here each case alone, with the
// parser registered inside the test (a planted bug is switched on after beforeAll ran).
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { isJsonContentType, MAX_DEPTH, parseJson, registerJsonBody, unreadableBody } from './json-body.ts'

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
    expect(unreadableBody(type, undefined)).toEqual({
      status: 415,
      body: { error: 'The body must be UTF-8; charset=latin1 is not read.' },
    })
  })

  it('refuses a compressed body', () => {
    expect(unreadableBody('application/json', ' GZIP ')).toEqual({
      status: 415,
      body: { error: 'Send the body uncompressed; Content-Encoding: gzip is not read.' },
    })
  })
})

describe('parseJson', () => {
  it.each(['', '   ', '\n\t '])('says an empty body (%j) is empty, not broken', (text) => {
    expect(() => parseJson(text)).toThrow('The request body is empty; send the form as a JSON object.')
  })

  it('reads JSON with blanks around it', () => {
    expect(parseJson(' {"name": "Asha"}\n')).toEqual({ name: 'Asha' })
  })

  it('refuses text no database can store, naming the field and never echoing the text (issue #32)', () => {
    const stored = 'The request body holds text that cannot be stored:'
    expect(() => parseJson('{"name": "As\\u0000ha"}')).toThrow(
      `${stored} a NUL character (\\u0000) in "name". Send the text without it.`,
    )
    expect(() => parseJson('{"name": "x\\ud800"}')).toThrow(
      `${stored} half of a UTF-16 surrogate pair (\\ud800-\\udfff alone) in "name". Send the text without it.`,
    )
    expect(() => parseJson('{"name": "\\udc00x"}')).toThrow(/half of a UTF-16 surrogate pair/)
    expect(() => parseJson('{"tags": ["a", "\\u0000"]}')).toThrow(/a NUL character \(\\u0000\) in "1"/)
    expect(() => parseJson('{"na\\u0000me": "x"}')).toThrow(
      `${stored} a NUL character (\\u0000) in a field name.`,
    )
    // A pair is one character (an emoji), escaped or not; other control characters are kept.
    expect(parseJson('{"name": "\\ud83d\\ude00 \u{1F600} a\\u0007b"}')).toEqual({
      name: '\u{1F600} \u{1F600} a\u0007b',
    })
  })

  it('refuses nesting deeper than a form could need, before parsing it (issue #32)', () => {
    const message = `The request body nests objects or arrays more than ${MAX_DEPTH} levels deep; send the form as one flat JSON object.`
    expect(() => parseJson('['.repeat(1_000_000))).toThrow(message)
    expect(() => parseJson(`{"name":${'{"a":'.repeat(MAX_DEPTH)}1${'}'.repeat(MAX_DEPTH)}}`)).toThrow(message)
    // At the limit it parses; brackets inside strings do not count.
    const deepest = `${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`
    expect(parseJson(deepest)).toBeInstanceOf(Array)
    expect(parseJson(`{"name": "${'[{'.repeat(100)}\\" ["}`)).toEqual({ name: `${'[{'.repeat(100)}" [` })
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
