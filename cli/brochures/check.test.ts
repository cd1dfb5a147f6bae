import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkBrochureFiles, MAX_PDF_BYTES, MIN_PDF_BYTES } from './check.ts'

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32)])
const brochures = [
  { id: 'UHF', title: 'UHF Radio Modem' },
  { id: 'EmbeddedPC', title: 'Embedded PC' },
  { id: 'IN_OFES_V2', title: 'OFES V2' },
]

let server: http.Server
let base: string
let hits: Record<string, number>

beforeAll(async () => {
  hits = {}
  server = http.createServer((req, res) => {
    hits[req.url ?? ''] = (hits[req.url ?? ''] ?? 0) + 1
    if (req.url === '/files/brochures/UHF.pdf') {
      res.writeHead(206, { 'content-type': 'application/pdf', 'content-range': `bytes 0-1023/${pdf.length}` })
      res.end(pdf.subarray(0, 1024))
    } else if (req.url === '/files/brochures/EmbeddedPC.pdf') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><title>Sign in</title>')
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('brochures check', () => {
  it('names the missing and the non-PDF brochure at an http storage base', async () => {
    const results = await checkBrochureFiles(brochures, {
      storageBase: base,
      publicDir: '/nonexistent',
      timeoutMs: 2000,
    })
    expect(results.map((r) => [r.id, r.ok, r.reason])).toEqual([
      ['UHF', true, undefined],
      ['EmbeddedPC', false, 'is served as "text/html", not application/pdf'],
      ['IN_OFES_V2', false, 'is missing (HTTP 404)'],
    ])
    expect(results[0]?.bytes).toBe(pdf.length)
  })

  it('retries once when the storage does not answer', async () => {
    let requests = 0
    const silent = http.createServer(() => {
      requests++
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as AddressInfo).port
    try {
      const [result] = await checkBrochureFiles([brochures[0] as (typeof brochures)[0]], {
        storageBase: `http://127.0.0.1:${port}`,
        publicDir: '/nonexistent',
        timeoutMs: 200,
      })
      expect(result).toMatchObject({ ok: false, reason: 'did not answer within 200 ms' })
      expect(requests).toBe(2)
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })

  it('checks the embedded storage folder: missing, not a PDF, too small', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-brochures-'))
    try {
      await mkdir(path.join(dir, 'storage', 'brochures'), { recursive: true })
      await writeFile(path.join(dir, 'storage/brochures/UHF.pdf'), pdf)
      await writeFile(path.join(dir, 'storage/brochures/EmbeddedPC.pdf'), '%PDF-1.4 tiny')
      const results = await checkBrochureFiles(
        [...brochures, { id: 'FireandSafety', title: 'x' }].slice(0, 3),
        {
          storageBase: '/storage',
          publicDir: dir,
        },
      )
      expect(results.map((r) => [r.id, r.ok, r.reason?.replace(/\(.*\)/, '(…)')])).toEqual([
        ['UHF', true, undefined],
        ['EmbeddedPC', false, 'is only 13 bytes, too small to be a brochure'],
        ['IN_OFES_V2', false, 'is missing (…)'],
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('what a brochure check answers', () => {
  type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void
  const answers: Record<string, Answer> = {
    ranged: (_req, res) =>
      res
        .writeHead(206, { 'content-type': 'application/pdf', 'content-range': `bytes 0-1023/${pdf.length}` })
        .end(pdf.subarray(0, 1024)),
    whole: (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 700 })
        .end(pdf.subarray(0, 700)),
    chunked: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' })
      res.write(pdf.subarray(0, 1000))
      res.end(pdf.subarray(1000))
    },
    huge: (_req, res) =>
      res
        .writeHead(206, {
          'content-type': 'application/pdf',
          'content-range': `bytes 0-1023/${MAX_PDF_BYTES + 1}`,
        })
        .end(pdf.subarray(0, 1024)),
    limit: (_req, res) =>
      res
        .writeHead(206, {
          'content-type': 'application/pdf',
          'content-range': `bytes 0-1023/${MAX_PDF_BYTES}`,
        })
        .end(pdf.subarray(0, 1024)),
    html: (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.alloc(2000, 'x')),
    untyped: (_req, res) => res.writeHead(200).end(pdf),
    gone: (_req, res) => res.writeHead(410).end(),
    e500: (_req, res) => res.writeHead(500, { 'content-type': 'application/pdf' }).end(pdf),
    e503: (_req, res) => res.writeHead(503).end(),
    e499: (_req, res) => res.writeHead(499).end(),
    e403: (_req, res) => res.writeHead(403, { 'content-type': 'application/pdf' }).end(pdf),
  }
  let answering: http.Server
  let root: string
  const asked: Record<string, number> = {}
  const ranges = new Set<string | undefined>()

  beforeAll(async () => {
    answering = http.createServer((req, res) => {
      const id = /^\/b\/brochures\/(\w+)\.pdf$/.exec(req.url ?? '')?.[1] ?? ''
      asked[id] = (asked[id] ?? 0) + 1
      ranges.add(req.headers.range)
      const answer = answers[id]
      answer ? answer(req, res) : res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve))
    root = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/b`
  })
  afterAll(() => new Promise((resolve) => answering.close(resolve)))

  it('asks for the first KB only, takes the size from the range or the length, and retries only a server error', async () => {
    const results = await checkBrochureFiles(
      Object.keys(answers).map((id) => ({ id, title: id })),
      { storageBase: `${root}//`, publicDir: '/nonexistent', timeoutMs: 2000 },
    )
    expect(results.map(({ id, ok, reason, bytes }) => ({ id, ok, reason, bytes }))).toEqual([
      { id: 'ranged', ok: true, reason: undefined, bytes: pdf.length },
      { id: 'whole', ok: true, reason: undefined, bytes: 700 },
      { id: 'chunked', ok: true, reason: undefined, bytes: pdf.length },
      {
        id: 'huge',
        ok: false,
        reason: `is ${MAX_PDF_BYTES + 1} bytes, larger than the 50 MB limit`,
        bytes: MAX_PDF_BYTES + 1,
      },
      { id: 'limit', ok: true, reason: undefined, bytes: MAX_PDF_BYTES },
      { id: 'html', ok: false, reason: 'is not a PDF (it does not start with %PDF-)', bytes: 2000 },
      {
        id: 'untyped',
        ok: false,
        reason: 'is served as "no content type", not application/pdf',
        bytes: undefined,
      },
      { id: 'gone', ok: false, reason: 'is missing (HTTP 410)', bytes: undefined },
      { id: 'e500', ok: false, reason: 'answered HTTP 500', bytes: undefined },
      { id: 'e503', ok: false, reason: 'answered HTTP 503', bytes: undefined },
      { id: 'e499', ok: false, reason: 'answered HTTP 499', bytes: undefined },
      { id: 'e403', ok: false, reason: 'answered HTTP 403', bytes: undefined },
    ])
    expect(results[0]?.url).toBe(`${root}/brochures/ranged.pdf`)
    expect([...ranges]).toEqual(['bytes=0-1023'])
    expect(asked).toEqual({
      ranged: 1,
      whole: 1,
      chunked: 1,
      huge: 1,
      limit: 1,
      html: 1,
      untyped: 1,
      gone: 1,
      e500: 2,
      e503: 2,
      e499: 1,
      e403: 1,
    })
  })

  it('says why a storage that refuses the connection could not be fetched', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const [result] = await checkBrochureFiles([{ id: 'UHF', title: 'UHF' }], {
      storageBase: `http://127.0.0.1:${port}`,
      publicDir: '/nonexistent',
    })
    expect(result).toEqual({
      id: 'UHF',
      url: `http://127.0.0.1:${port}/brochures/UHF.pdf`,
      ok: false,
      fault: { kind: 'unreachable', reason: 'fetch failed' },
      reason: 'could not be fetched (fetch failed)',
    })
  })

  it('passes a local PDF of exactly 512 bytes and refuses a local file that is not a PDF', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-brochures-'))
    try {
      await mkdir(path.join(dir, 'brochures'))
      await writeFile(
        path.join(dir, 'brochures/least.pdf'),
        Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(MIN_PDF_BYTES - 5, 32)]),
      )
      await writeFile(path.join(dir, 'brochures/page.pdf'), Buffer.alloc(2000, 'x'))
      const results = await checkBrochureFiles(
        [
          { id: 'least', title: 'x' },
          { id: 'page', title: 'x' },
        ],
        { storageBase: '/', publicDir: dir },
      )
      expect(results).toEqual([
        { id: 'least', url: '/brochures/least.pdf', ok: true, bytes: MIN_PDF_BYTES },
        {
          id: 'page',
          url: '/brochures/page.pdf',
          ok: false,
          bytes: 2000,
          fault: { kind: 'not-pdf' },
          reason: 'is not a PDF (it does not start with %PDF-)',
        },
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
