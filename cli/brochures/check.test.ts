import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkBrochures } from './check.ts'

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
    const results = await checkBrochures(brochures, {
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
      const [result] = await checkBrochures([brochures[0] as (typeof brochures)[0]], {
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
      const results = await checkBrochures([...brochures, { id: 'FireandSafety', title: 'x' }].slice(0, 3), {
        storageBase: '/storage',
        publicDir: dir,
      })
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
