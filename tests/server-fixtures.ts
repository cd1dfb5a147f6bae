/**
 * Fixtures for the server tests: a small built site, a content folder with a catalogue, valid form
 * bodies, a JSON POST helper, a server started on the fixture and an SMTP server that keeps what it
 * receives. Not a test file itself.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, open, rm, rmdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { type RunningServer, type ServeOptions, startServer } from '../server/serve.ts'
import type { NewSubmission } from '../server/storage.ts'

export const SLUGS = ['szephyr', 'smazer', 'vidyuraksha_2.0']
export const SITE_ORIGIN = 'https://www.example.com'

/** Valid bodies for the three endpoints, by path. */
export const VALID = {
  '/api/contactinformations': {
    name: 'Asha Rao',
    email: 'asha@example.com',
    description: 'Please tell me more about the Smart Panel Board.',
  },
  '/api/productregistration': {
    product_name: 'szephyr',
    name: 'Ravi Kumar',
    email: 'ravi.kumar@example.com',
    phone: '9876543210',
    company_name: 'Kumar Traders',
  },
  '/api/warrantyregistration': {
    name: 'Meena Iyer',
    email: 'meena@example.com',
    phone: '9123456780',
    product: 'smazer',
    serial_number: 'SMZ-2024-0001',
    purchase_date: '2024-05-01',
  },
} as const

export interface SiteFixture {
  dir: string
  dist: string
  data: string
  content: string
  cleanup(): Promise<void>
}

/** A temporary project: dist/ with clean-URL pages, _headers and _redirects; content/ with a catalogue. */
export async function makeSite(): Promise<SiteFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-server-'))
  const dist = path.join(dir, 'dist')
  const content = path.join(dir, 'content')
  const files: Record<string, string> = {
    'dist/index.html': '<!doctype html><title>Home</title><h1>Home page</h1>',
    'dist/404.html': '<!doctype html><title>Not found</title><h1>Page not found</h1>',
    'dist/aboutus/index.html': '<!doctype html><title>About</title><h1>About us</h1>',
    'dist/privacy_policy.html': '<!doctype html><title>Privacy</title><h1>Privacy policy</h1>',
    'dist/comingsoon/index.html': '<!doctype html><title>Soon</title><h1>Coming soon</h1>',
    'dist/assets/app-1a2b3c.js': 'console.log("app")',
    'dist/_headers': [
      '# Every page',
      '/*',
      '  X-Content-Type-Options: nosniff',
      '  X-Frame-Options: DENY',
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '',
    ].join('\n'),
    'dist/_redirects': [
      '# Unknown products',
      '/products/* /comingsoon 302',
      '/old-about /aboutus 301',
      '',
    ].join('\n'),
    'content/catalogue.yaml': `products:\n${SLUGS.map((s) => `  - ${s}`).join('\n')}\n`,
    'content/site.yaml': `siteUrl: ${SITE_ORIGIN}\n`,
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), text)
  }
  return {
    dir,
    dist,
    data: path.join(dir, 'data'),
    content,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}

/** POSTs `body` as JSON (a string is sent as is). */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** A seeded pseudo-random generator (mulberry32), so a fuzz run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `startServer` on a fixture site at a free local port, quiet and without a rate limit unless the
 * test says otherwise.
 */
export function startFixtureServer(
  site: SiteFixture,
  options: Partial<ServeOptions> = {},
): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dist: site.dist,
    dataDir: site.data,
    productSlugs: SLUGS,
    rateLimit: 0,
    log: () => {},
    ...options,
  })
}

/** An e-mail as the SMTP sink received it: the envelope's recipients and the parsed message. */
export interface Received {
  envelope: string[]
  mail: ParsedMail
}

/** An SMTP server on a free port in this process that keeps what it receives (no TLS, no login). */
export async function smtpSink(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ envelope: session.envelope.rcptTo.map((r) => r.address), mail })
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Waits (up to 10 s) until `check` holds; `what` names it in the error when it never does. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`never happened: ${what}`)
}

/** A contact submission as the routes hand it to a store (notify: the webhook), with `extra` over it. */
export const newSubmission = (id: string, extra: Partial<NewSubmission> = {}): NewSubmission => ({
  id,
  receivedAt: '2025-03-01T10:00:00.000Z',
  kind: 'contact',
  product: null,
  payload: { name: 'Asha' },
  spam: false,
  clientHash: 'h',
  notify: ['webhook'],
  ...extra,
})

/** A small disk of its own (a tmpfs), to fill for real: SQLite and PostgreSQL then get ENOSPC. */
export interface SmallDisk {
  /** Where it is mounted: an empty folder under the system temp folder. */
  dir: string
  /** Writes a file until the disk is full (the last write fails with ENOSPC). */
  fill(): Promise<void>
  /** Removes what fill() wrote. */
  free(): Promise<void>
  /** Mounts it read-only (true) or read-write again (false). */
  readOnly(on: boolean): Promise<void>
  unmount(): Promise<void>
}

const run = promisify(execFile)

/**
 * Mounts a tmpfs of `size` (`1m`, `200m`) on a new folder, or resolves undefined where this process may
 * not mount (not root, or a container without the capability): the tests that need one skip then.
 */
export async function smallDisk(size: string, mode = '0755'): Promise<SmallDisk | undefined> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-disk-'))
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=${mode}`, 'tmpfs', dir])
  } catch {
    await rmdir(dir)
    return undefined
  }
  const filler = path.join(dir, 'filler')
  return {
    dir,
    async fill() {
      const file = await open(filler, 'a')
      const chunk = Buffer.alloc(4096, 1)
      try {
        for (;;) await file.write(chunk)
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error
      } finally {
        await file.close().catch(() => {})
      }
    },
    free: () => rm(filler, { force: true }),
    async readOnly(on) {
      await run('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir])
    },
    async unmount() {
      await run('umount', ['-l', dir])
      await rmdir(dir)
    },
  }
}
