import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AxiosError } from 'axios'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest'
import {
  DEFAULT_TIMEOUT_MS,
  type RequestConfig,
  type RequestOptions,
  request,
  TIMEOUT_MESSAGE,
} from './request.ts'

/** What the echo route saw. */
interface Echo {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

let server: Server
let origin: string
let received = 0

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  received++
  const body = await readBody(req)
  const path = (req.url ?? '').split('?')[0]
  switch (path) {
    case '/api/echo':
      return sendJson(res, 201, {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
      } satisfies Echo)
    case '/api/slow':
      return setTimeout(() => sendJson(res, 201, { late: true }), 300)
    case '/api/hang':
      return // never answers
    case '/api/invalid':
      return sendJson(res, 422, { errors: { email: 'Invalid email address' } })
    case '/api/broken':
      return sendJson(res, 500, { message: 'database down' })
    default:
      return sendJson(res, 404, {})
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

let logged: MockInstance<typeof console.error>

beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  logged.mockRestore()
})

const config = (): RequestConfig => ({ baseURL: `${origin}/api`, timeout: 2000 })

describe('request', () => {
  it.each([
    ['an empty url', { url: '' }],
    ['no url at all', {} as RequestOptions],
  ])('refuses %s before sending anything', async (_case, options) => {
    const before = received
    await expect(request(options, config())).rejects.toThrow(new Error('url is required'))
    expect(received).toBe(before)
    expect(logged).not.toHaveBeenCalled()
  })

  it('resolves with the full response', async () => {
    const response = await request<Echo>({ url: '/echo' }, config())
    expect(response.status).toBe(201)
    expect(response.statusText).toBe('Created')
    expect(response.headers['content-type']).toBe('application/json')
    expect(response.data).toMatchObject({ method: 'GET', url: '/api/echo' })
    expect(response.config.timeout).toBe(2000)
  })

  it.each([
    ['base without, url with a slash', `/api`, '/echo?q=1'],
    ['base with, url without a slash', `/api/`, 'echo?q=1'],
  ])('prepends the base address: %s', async (_case, base, url) => {
    const response = await request<Echo>({ url }, { baseURL: `${origin}${base}` })
    expect(response.data.url).toBe('/api/echo?q=1')
  })

  it.each([
    ['an object', { name: 'Ravi Kumar' }],
    // axios alone would label a string body as a form post.
    ['a JSON string', '{"name":"Ravi Kumar"}'],
  ])('sends %s as JSON by default', async (_case, data) => {
    const response = await request<Echo>({ url: '/echo', method: 'post', data }, config())
    expect(response.data.method).toBe('POST')
    expect(response.data.headers['content-type']).toBe('application/json')
    expect(JSON.parse(response.data.body)).toEqual({ name: 'Ravi Kumar' })
  })

  it('lays the call headers over the configured ones over the default', async () => {
    const response = await request<Echo>(
      {
        url: '/echo',
        method: 'post',
        data: 'plain words',
        header: { 'content-type': 'text/plain', 'X-Call': 'enquiry' },
      },
      { ...config(), headers: { 'X-Site': 'main', 'X-Call': 'configured' } },
    )
    expect(response.data.headers).toMatchObject({
      'content-type': 'text/plain',
      'x-site': 'main',
      'x-call': 'enquiry',
    })
    expect(response.data.body).toBe('plain words')
  })

  it('waits 10000 ms when the configuration gives no timeout', async () => {
    const response = await request({ url: '/echo' }, { baseURL: `${origin}/api` })
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000)
    expect(response.config.timeout).toBe(10_000)
  })

  it('applies the configured timeout', async () => {
    await expect(request({ url: '/slow' }, { ...config(), timeout: 50 })).rejects.toThrow(TIMEOUT_MESSAGE)
    const response = await request({ url: '/slow' }, { ...config(), timeout: 2000 })
    expect(response.data).toEqual({ late: true })
  })

  it('logs a timeout and rejects with the timeout message', async () => {
    const error: unknown = await request({ url: '/hang' }, { ...config(), timeout: 50 }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(AxiosError)
    expect((error as Error).message).toBe('Request Timeout: Please try again later.')
    const cause = (error as Error).cause
    expect(cause).toBeInstanceOf(AxiosError)
    expect((cause as AxiosError).code).toBe(AxiosError.ETIMEDOUT)
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]?.[0]).toBe('Request Timeout')
    expect(logged.mock.calls[0]?.[1]).toBe(cause)
  })

  it.each([
    ['a server error', '/broken', 500],
    ['a rejected body', '/invalid', 422],
  ])('logs %s as an API request error and rethrows it unchanged', async (_case, url, status) => {
    const error: unknown = await request({ url, method: 'post', data: {} }, config()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AxiosError)
    expect((error as AxiosError).response?.status).toBe(status)
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]?.[0]).toBe('API Request Error')
    expect(logged.mock.calls[0]?.[1]).toBe(error)
  })

  it('keeps the response of a rejected status readable (the 422 field errors)', async () => {
    const error = (await request({ url: '/invalid', method: 'post', data: {} }, config()).catch(
      (e: unknown) => e,
    )) as AxiosError<{ errors: Record<string, string> }>
    expect(error.response?.data).toEqual({ errors: { email: 'Invalid email address' } })
  })

  it('logs a refused connection as an API request error and rethrows it unchanged', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))

    const error: unknown = await request({ url: '/echo' }, { baseURL: `http://127.0.0.1:${port}` }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AxiosError)
    expect((error as AxiosError).code).toBe('ECONNREFUSED')
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]?.[0]).toBe('API Request Error')
    expect(logged.mock.calls[0]?.[1]).toBe(error)
  })
})
