// What an API client is told when a request fails before or outside a form's rules, and which failures
// the server logs with a stack (`bug`). Through the server in app.test.ts; here each kind of error.
import { describe, expect, it } from 'vitest'
import { errorAnswer, SERVER_FAILED } from './api-errors.ts'

const fastifyError = (code: string, statusCode: number, message: string) =>
  Object.assign(new Error(message), { code, statusCode })

describe('errorAnswer', () => {
  it('answers Fastify’s own request errors in words a client can act on, without logging a stack', () => {
    expect(errorAnswer(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413, 'Request body is too large'))).toEqual(
      {
        status: 413,
        body: { error: 'The request body is larger than 16 KB; a form submission is much smaller.' },
        bug: false,
      },
    )
    expect(errorAnswer(fastifyError('FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'Body cannot be empty'))).toEqual({
      status: 400,
      body: { error: 'The request body is empty; send the form as a JSON object.' },
      bug: false,
    })
  })

  it.each([
    400, 404, 415, 499,
  ])('passes on a %i as the client’s mistake, in the catalogue’s words, never the error’s own', (status) => {
    expect(
      errorAnswer(Object.assign(new Error('Unsupported Media Type: <script>'), { statusCode: status })),
    ).toEqual({
      status,
      body: { error: 'The request could not be read.' },
      bug: false,
    })
  })

  it('says the request could not be read when a 4xx comes without a message', () => {
    expect(errorAnswer({ statusCode: 400 })).toEqual({
      status: 400,
      body: { error: 'The request could not be read.' },
      bug: false,
    })
  })

  it.each([
    ['an error without a status', new Error('database is locked')],
    ['a 500', Object.assign(new Error('internal'), { statusCode: 500 })],
    ['a 503', Object.assign(new Error('unavailable'), { statusCode: 503 })],
    ['a 3xx', Object.assign(new Error('moved'), { statusCode: 302 })],
    ['a 200', Object.assign(new Error('fine?'), { statusCode: 200 })],
    ['a status written as text', Object.assign(new Error('odd'), { statusCode: '400' })],
    ['an unknown Fastify code without a status', Object.assign(new Error('x'), { code: 'FST_ERR_OTHER' })],
    ['nothing at all', undefined],
  ])('answers %s with 500, saves nothing, and logs it as a bug', (_what, error) => {
    expect(errorAnswer(error)).toEqual({ ...SERVER_FAILED, bug: true })
    expect(SERVER_FAILED.status).toBe(500)
  })
})
