import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makeSite, postJson, type SiteFixture, VALID } from '../tests/server-fixtures.ts'
import { type ServerProcess, spawnSiteServer } from '../tests/server-process.ts'
import { DATABASE_FILE, openStorage } from './storage.ts'

let site: SiteFixture
let server: ServerProcess | undefined

beforeAll(async () => {
  site = await makeSite()
})

afterAll(async () => {
  server?.child.kill('SIGKILL')
  await site?.cleanup()
})

const WORKERS = 24
/** Kill once this many submissions were answered 201: enough that requests are in flight at the kill. */
const KILL_AFTER = 400

it('keeps every submission it answered 201, when killed mid-load', async () => {
  server = await spawnSiteServer(site)
  const { url, child } = server
  const acknowledged: string[] = []
  let killed = false

  const worker = async (n: number) => {
    for (let i = 0; !killed; i++) {
      const path = (
        ['/api/contactinformations', '/api/productregistration', '/api/warrantyregistration'] as const
      )[(n + i) % 3] as keyof typeof VALID
      try {
        const response = await postJson(url + path, VALID[path], { 'idempotency-key': `w${n}-${i}` })
        if (response.status !== 201) throw new Error(`status ${response.status}`)
        const { id } = (await response.json()) as { id: string }
        acknowledged.push(id)
        if (acknowledged.length >= KILL_AFTER && !killed) {
          killed = true
          child.kill('SIGKILL')
        }
      } catch {
        // A request cut by the kill has no answer, so it promised nothing.
        if (killed) return
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)))
  expect(await server.exited).toBe('SIGKILL')
  server = undefined

  const storage = await openStorage(site.data)
  try {
    const stored = new Set((await storage.list({ spam: true })).map((s) => s.id))
    const missing = acknowledged.filter((id) => !stored.has(id))
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(missing).toEqual([])
  } finally {
    await storage.close()
  }
})

it('on SIGTERM finishes the requests in flight, closes the database and exits 0', async () => {
  const data = `${site.data}-sigterm`
  server = await spawnSiteServer(site, data)
  const { url, child, exited } = server
  let signalled = false
  const answers = await Promise.all(
    Array.from({ length: 40 }, async () => {
      try {
        const response = await postJson(`${url}/api/contactinformations`, VALID['/api/contactinformations'])
        if (!signalled) {
          // The others are in flight now.
          signalled = true
          child.kill('SIGTERM')
        }
        return { status: response.status, id: ((await response.json()) as { id?: string }).id }
      } catch {
        return { status: 0, id: undefined }
      }
    }),
  )
  expect(await exited).toBe(0)
  expect(server.output()).toContain('Stopped.')
  expect(server.output()).not.toContain('Still busy')
  server = undefined
  expect(answers.filter((a) => ![0, 201, 503].includes(a.status))).toEqual([])
  // A clean close leaves no unfinished transaction: the rollback journal is empty (or gone).
  const journal = path.join(data, `${DATABASE_FILE}-journal`)
  expect(existsSync(journal) ? statSync(journal).size : 0).toBe(0)
  const storage = await openStorage(data)
  try {
    const stored = new Set((await storage.list()).map((s) => s.id))
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id as string)
    expect(acknowledged.length).toBeGreaterThan(0)
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
  } finally {
    await storage.close()
  }
})
