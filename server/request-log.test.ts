import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerRequestLog } from './request-log.ts'

describe('request log', () => {
  it('logs one line per answered request: method, path without the query, status, time', async () => {
    const lines: string[] = []
    const app = Fastify({ logger: false })
    registerRequestLog(app, (line) => lines.push(line))
    app.get('/ok', async () => 'ok')
    await app.inject({ method: 'GET', url: '/ok?email=asha@example.com' })
    await app.inject({ method: 'POST', url: '/missing' })
    await app.close()
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^GET \/ok 200 \d+\.\dms$/)
    expect(lines[1]).toMatch(/^POST \/missing 404 \d+\.\dms$/)
  })
})
