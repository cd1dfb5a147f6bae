import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSite, postJson, type SiteFixture, VALID } from '../../tests/server-fixtures.ts'
import { intakeInDev } from './intake.ts'

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void

let site: SiteFixture
let server: http.Server
let base = ''
const said: string[] = []
let intake: ReturnType<typeof intakeInDev>

beforeAll(async () => {
  site = await makeSite()
  intake = intakeInDev({
    contentDir: site.content,
    dataDir: path.join(site.dir, 'dev-data'),
    staticDir: site.dist,
    say: (line) => said.push(line),
  })
  let handler: Middleware | undefined
  const closed: (() => void)[] = []
  const vite = {
    middlewares: {
      use: (h: Middleware) => {
        handler = h
      },
    },
    httpServer: { once: (_: string, done: () => void) => closed.push(done) },
  }
  const configure = intake.configureServer as (s: ViteDevServer) => void
  configure(vite as unknown as ViteDevServer)
  server = http.createServer((req, res) =>
    handler?.(req, res, () => {
      res.statusCode = 404
      res.end('not the API')
    }),
  )
  server.on('close', () => {
    for (const done of closed) done()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((done) => server.close(done))
  await site.cleanup()
})

const warranty = (product: string) =>
  postJson(`${base}/api/warrantyregistration`, { ...VALID['/api/warrantyregistration'], product })

describe('the intake API in site dev', () => {
  it('accepts the products the content lists, and a new one once reloaded with it', async () => {
    expect((await warranty('smazer')).status).toBe(201)
    expect((await warranty('newswitch')).status).toBe(422)
    await intake.reload(['szephyr', 'smazer', 'vidyuraksha_2.0', 'newswitch'])
    expect((await warranty('newswitch')).status).toBe(201)
    expect(said.join('\n')).toContain('Forms post to the intake API at /api')
  })

  it('answers the same after a reload with the same products, and refuses a product taken out', async () => {
    const products = ['szephyr', 'smazer', 'vidyuraksha_2.0', 'newswitch']
    await intake.reload(products)
    expect((await warranty('newswitch')).status).toBe(201)
    await intake.reload(products.filter((p) => p !== 'newswitch'))
    expect((await warranty('newswitch')).status).toBe(422)
    expect((await warranty('szephyr')).status).toBe(201)
  })

  it('leaves everything but /api to the dev server', async () => {
    expect(await (await fetch(`${base}/products/smazer`)).text()).toBe('not the API')
  })
})
