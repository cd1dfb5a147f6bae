import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  makeSite,
  postJson,
  type SiteFixture,
  seededRandom,
  startFixtureServer,
  VALID,
} from '../tests/server-fixtures.ts'
import type { RunningServer } from './serve.ts'

let site: SiteFixture
let server: RunningServer

beforeAll(async () => {
  site = await makeSite()
  server = await startFixtureServer(site)
})

afterAll(async () => {
  await server?.close()
  await site?.cleanup()
})

const SEED = 20250301
const REQUESTS = 3000
const CONCURRENCY = 8
const PATHS = [
  ...Object.keys(VALID),
  '/api/nope',
  '/api',
  '/api/contactinformations/',
  '/aboutus',
  '/',
] as const
const TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json-patch+json',
  ';;;',
  'application/',
  '',
]
const WRONG_VALUES = [0, -1, 1e308, true, false, null, [], ['a'], {}, { a: 'b' }, '', ' ', 'x'.repeat(5000)]

type Case = {
  method: string
  path: string
  type: string | undefined
  body: string | Uint8Array<ArrayBuffer> | undefined
  key?: string
}

function generator(random: () => number) {
  const int = (n: number) => Math.floor(random() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T
  const unicode = (length: number) => {
    let out = ''
    for (let i = 0; i < length; i++) {
      const kind = int(5)
      // Lone surrogates, control characters, combining marks, scripts and emoji.
      const code =
        kind === 0
          ? 0xd800 + int(0x800)
          : kind === 1
            ? int(0x20)
            : kind === 2
              ? 0x300 + int(0x70)
              : kind === 3
                ? 0x900 + int(0x80)
                : 0x1f300 + int(0x300)
      out += String.fromCodePoint(code)
    }
    return out
  }
  const validBody = (path: string) => ({
    ...((VALID as Record<string, object>)[path] ?? VALID['/api/contactinformations']),
  })

  const bodies: (() => string | Uint8Array<ArrayBuffer>)[] = [
    // Random bytes.
    () => Uint8Array.from({ length: int(2000) }, () => int(256)),
    // Deep nesting, in and out of a field.
    () => '['.repeat(1 + int(15000)),
    () => `{"name":${'{"a":'.repeat(int(3000))}1${'}'.repeat(int(3000))}}`,
    () => `${'['.repeat(1000)}${']'.repeat(1000)}`,
    // Wrong types in every field.
    () => {
      const body: Record<string, unknown> = validBody(pick(PATHS))
      for (const key of Object.keys(body)) if (random() < 0.5) body[key] = pick(WRONG_VALUES)
      return JSON.stringify(body)
    },
    // Huge strings, below and above the limit.
    () => JSON.stringify({ ...validBody(pick(PATHS)), description: 'y'.repeat(int(20000)) }),
    // Unicode everywhere, keys included.
    () => {
      const body: Record<string, unknown> = validBody(pick(PATHS))
      for (const key of Object.keys(body)) if (random() < 0.6) body[key] = unicode(1 + int(40))
      body[unicode(5)] = unicode(10)
      return JSON.stringify(body)
    },
    // Valid JSON text with a few characters changed.
    () => {
      const chars = [...JSON.stringify(validBody(pick(PATHS)))]
      for (let i = int(4); i >= 0; i--) chars[int(chars.length)] = String.fromCharCode(int(128))
      return chars.join('')
    },
    // Odd JSON values and prototype tricks.
    () =>
      pick([
        'null',
        '1',
        '"x"',
        'true',
        '[]',
        '{}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        '\uFEFF{}',
      ]),
    // Valid bodies with a honeypot value: answered 201.
    () => JSON.stringify({ ...validBody(pick(PATHS)), website: pick(WRONG_VALUES) }),
  ]

  return (): Case => {
    const method = random() < 0.85 ? 'POST' : pick(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const visibleAscii = () =>
      Array.from({ length: int(300) }, () => String.fromCharCode(0x21 + int(94))).join('')
    return {
      method,
      // Mostly the real endpoints, where the parser, the rules and the store are.
      path: random() < 0.8 ? pick(Object.keys(VALID)) : pick(PATHS),
      type: random() < 0.7 ? 'application/json' : pick(TYPES) || undefined,
      body: hasBody ? (pick(bodies) as () => string | Uint8Array<ArrayBuffer>)() : undefined,
      ...(random() < 0.2 && { key: visibleAscii() }),
    }
  }
}

/** Sends raw bytes on a socket and resolves with the status code of the answer, if any. */
function rawRequest(port: number, bytes: Uint8Array): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]) || undefined))
    socket.end(bytes)
  })
}

// 3,000 requests through one server: on a shared, busy machine this takes longer than the default 30 s.
it('answers thousands of random and malformed requests without a 5xx, and still works after', async () => {
  const next = generator(seededRandom(SEED))
  const statuses = new Map<number, number>()
  const serverErrors: string[] = []
  const accepted = new Set<string>()
  let sent = 0

  const worker = async () => {
    while (sent < REQUESTS) {
      sent++
      const c = next()
      const headers: Record<string, string> = {}
      if (c.type !== undefined) headers['content-type'] = c.type
      if (c.key !== undefined) headers['idempotency-key'] = c.key
      const response = await fetch(server.url + c.path, {
        method: c.method,
        headers,
        ...(c.body !== undefined && { body: c.body }),
      })
      const text = await response.text()
      // A form-encoded body is answered with a page (server/form-page.ts) that shows the id.
      if (response.status === 201)
        accepted.add(
          response.headers.get('content-type')?.startsWith('text/html')
            ? (/<strong>([0-9a-f-]{36})<\/strong>/.exec(text)?.[1] ?? text)
            : (JSON.parse(text) as { id: string }).id,
        )
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
      if (response.status >= 500) serverErrors.push(`${c.method} ${c.path} ${c.type} -> ${response.status}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))

  const random = seededRandom(SEED + 1)
  const rawStatuses: (number | undefined)[] = []
  for (let i = 0; i < 50; i++) {
    const garbage = Uint8Array.from({ length: 1 + Math.floor(random() * 500) }, () =>
      Math.floor(random() * 256),
    )
    rawStatuses.push(await rawRequest(server.port, garbage))
  }

  expect(serverErrors).toEqual([])
  expect(rawStatuses.filter((s) => s !== undefined && s >= 500)).toEqual([])
  // The mix reached the validator, the parser and the store, not only one of them.
  for (const status of [201, 400, 404, 405, 413, 415, 422])
    expect(statuses.get(status) ?? 0).toBeGreaterThan(0)

  // Every accepted body stored exactly once, nothing stored for a refused one.
  const stored = (await server.storage.list({ spam: true })).map((s) => s.id)
  expect(stored.length).toBe(new Set(stored).size)
  expect(new Set(stored)).toEqual(accepted)

  const after = await postJson(`${server.url}/api/contactinformations`, VALID['/api/contactinformations'])
  expect(after.status).toBe(201)
  expect((await fetch(`${server.url}/aboutus`)).status).toBe(200)
}, 120_000)
