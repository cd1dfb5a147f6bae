import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { CLI_WAYS, type CliWay } from '../../tests/cli-ways.ts'
import { copyProject, shellEnv } from '../../tests/project-copy.ts'

/**
 * The release manager's loop on a copy of this project, run the way docs/releasing.md says, with the
 * real CLI in a child process: validate, build and the preview change no tracked file; a build that
 * fails leaves the last good site; a release is made and checked offline, and online with every
 * outbound link answered (by a local https server the copy's content points at).
 */
const run = promisify(execFile)
/** A terminal escape sequence: colour codes have no place in what the build prints. */
const ESCAPE = String.fromCharCode(27)
const COLOUR = new RegExp(`${ESCAPE}\\[[0-9;]*m`, 'g')

let root = ''
let env: NodeJS.ProcessEnv = {}

/**
 * Runs the CLI in the copy, started `way` (docs/releasing.md writes `npx site …`); resolves with the
 * exit code and everything printed.
 */
async function site(args: string[], extra: NodeJS.ProcessEnv = {}, way: CliWay = 'node bin/site.js') {
  const { command, prefix, env: wayEnv } = CLI_WAYS[way]
  const result = await run(command, [...prefix, ...args], {
    cwd: root,
    env: { ...env, ...wayEnv, ...extra },
    maxBuffer: 20 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, out: `${r.stdout}${r.stderr}` }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? 1,
      out: `${e.stdout ?? ''}${e.stderr ?? ''}`,
    }),
  )
  return result
}

const git = async (...args: string[]) => (await run('git', args, { cwd: root })).stdout

/** Every file of dist/client with a hash of its bytes. */
async function snapshot(): Promise<Record<string, string>> {
  const client = path.join(root, 'dist/client')
  const files: Record<string, string> = {}
  for (const entry of await readdir(client, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name)
      files[path.relative(client, file)] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex')
    }
  return files
}

beforeAll(async () => {
  root = await copyProject('site-release-loop-')
  env = shellEnv()
  env.NO_COLOR = '1'
  await git('init', '-q')
  await git('-c', 'user.email=t@example.test', '-c', 'user.name=t', 'add', '-A')
  await git('-c', 'user.email=t@example.test', '-c', 'user.name=t', 'commit', '-qm', 'copy')
}, 120_000)

afterAll(() => rm(root, { recursive: true, force: true }))

describe('the release loop on a copy of this project', () => {
  it('site validate, site build and the preview change no tracked file', async () => {
    // An editor added an image and committed it without running `site schemas`: the editors' schemas
    // are behind (they list the images). Only `site schemas` may rewrite them.
    await cp(
      path.join(root, 'content/images/partners/warranty-1-year.svg'),
      path.join(root, 'content/images/partners/new-logo.svg'),
    )
    await git('-c', 'user.email=t@example.test', '-c', 'user.name=t', 'add', '-A')
    await git('-c', 'user.email=t@example.test', '-c', 'user.name=t', 'commit', '-qm', 'a new logo')
    const validated = await site(['validate'])
    expect(validated.code).toBe(0)
    expect(validated.out).toMatch(/are behind the content; run `site schemas`/)
    expect(await git('status', '--porcelain')).toBe('')
    const built = await site(['build'])
    expect(built.out).toContain('dist/client is ready to deploy')
    expect(built.code).toBe(0)
    // No bundler warnings, timing blocks or escape codes in a plain build's output.
    expect(built.out).not.toMatch(/PLUGIN_TIMINGS|codeSplitting/)
    expect(built.out).not.toContain(ESCAPE)
    expect(await git('status', '--porcelain')).toBe('')
    await preview()
    expect(await git('status', '--porcelain')).toBe('')
  }, 300_000)

  it('a build that fails keeps the last good site byte for byte, and says which build it is', async () => {
    const before = await snapshot()
    const brochures = path.join(root, 'content/brochures.yaml')
    const good = await readFile(brochures, 'utf8')
    await writeFile(brochures, `${good}  - id: UHF\n    title: UHF Radio Modem, second edition\n`)
    try {
      const failed = await site(['build'])
      expect(failed.code).toBe(1)
      expect(failed.out).toMatch(/content\/brochures\.yaml:\d+:\d+ {2}\/brochures\/\d+\/id/)
      expect(failed.out).toMatch(
        /dist\/client is unchanged: it still holds the build of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\./,
      )
      expect(failed.out).not.toMatch(/\n\s+at /)
      expect(await snapshot()).toEqual(before)
    } finally {
      await writeFile(brochures, good)
    }
  }, 120_000)

  describe('with the content made ready for release', () => {
    beforeAll(() => makeReleaseReady(), 60_000)

    it('offline: site build --release --offline, then site verify --release --offline judges the build by its own settings', async () => {
      // As docs/releasing.md writes them: `npx site …`, and once through the npm script.
      const built = await site(
        ['build', '--release', '--offline'],
        { SITE_URL: 'https://www.company.in' },
        'npx site',
      )
      expect(built.out).toContain('ready for release')
      expect(built.code).toBe(0)
      expect(built.out).toContain('Outbound links: not checked (offline).')
      // SITE_URL is no longer set: verify reads what the build was made with.
      const verified = await site(['verify', '--release', '--offline'], {}, 'npm run site --')
      expect(verified.out).toMatch(/\d+ pages verified\./)
      expect(verified.code).toBe(0)
    }, 300_000)

    it('online: site build --release checks every outbound link and brochure', async () => {
      const links = await linkServer()
      try {
        await pointOutboundLinksAt(links.origin)
        const built = await site(['build', '--release'], {
          SITE_URL: 'https://www.company.in',
          NODE_EXTRA_CA_CERTS: links.certificate,
        })
        expect(built.out).toMatch(/Outbound links: \d+ checked/)
        expect(built.code).toBe(0)
        expect(links.asked.size).toBeGreaterThanOrEqual(5)
      } finally {
        links.server.close()
      }
    }, 300_000)

    it('an edit, a release build, then site review shows that one page changed', async () => {
      // An editor rewrites a sentence of one product; the release manager builds and looks before upload.
      const product = path.join(root, 'content/products/szephyr.yaml')
      const text = await readFile(product, 'utf8')
      await writeFile(product, text.replace('is made in India.', 'is designed and made in India.'))
      const built = await site(['build', '--release', '--offline'], { SITE_URL: 'https://www.company.in' })
      expect(built.code, built.out).toBe(0)

      // Without --fail-on the review reports and succeeds: it is a look, not a gate. The first look shoots
      // every page at least once: a minute here, several on a busy machine (hence the long timeout).
      const looked = await site(['review', '--widths', '360'], {}, 'npx site')
      expect(looked.code, looked.out).toBe(0)
      expect(looked.out).toMatch(
        /^Review: 1 of \d+ pages changed \(1 of \d+ shots\); the largest: \/products\/szephyr at 360 px, <?[\d.]+%.*\. Report: \.cache\/review\/index\.html$/m,
      )
      const json = JSON.parse(await readFile(path.join(root, '.cache/review/review.json'), 'utf8')) as {
        pages: { route: string; width: number; changed: number }[]
      }
      const changed = json.pages.filter((p) => p.changed > 0).map((p) => `${p.route} ${p.width}`)
      expect(changed).toEqual(['/products/szephyr 360'])
      expect(json.pages.find((p) => p.route === '/aboutus')?.changed).toBe(0)
    }, 900_000)

    it('site review --fail-on 0 stops that release, started each way the docs say; a share above the change lets it go on', async () => {
      // The release and the first look are the test above's: this one gates what that one reviewed.
      const report = await readFile(path.join(root, '.cache/review/review.json'), 'utf8').catch(() => {
        throw new Error(
          'no review.json: this test needs the one above (the edit, the release build, the first look)',
        )
      })
      const json = JSON.parse(report) as {
        pages: { route: string; width: number; changed: number }[]
      }
      // As a CI gate, each way the docs start it: exit 1, the rule broken, where to look; no stack.
      for (const way of ['npx site', 'npm run site --', 'node bin/site.js'] as const) {
        const gated = await site(['review', '--widths', '360', '--fail-on', '0'], {}, way)
        expect(gated.code, `${way}: ${gated.out}`).toBe(1)
        expect(gated.out).toMatch(/^Review: 1 of \d+ pages changed/m)
        expect(gated.out).toContain(
          '1 page changed more than --fail-on 0 allows (the largest: /products/szephyr at 360 px,',
        )
        expect(gated.out).toContain('look at .cache/review/index.html')
        expect(gated.out).not.toMatch(/\n\s+at /)
        // The second look shoots nothing: every page's files were shot by the first.
        expect(gated.out).toMatch(/; 0 shots taken, \d+ known from the same files shot before\./)
      }
      // A gate above the change lets the release go on.
      const share = json.pages.find((p) => p.changed > 0)?.changed ?? 0
      const passed = await site(['review', '--widths', '360', '--fail-on', String(share + 0.01)])
      expect(passed.code, passed.out).toBe(0)
    }, 600_000)
  })
})

/** Starts `site dev` on a free port, loads two pages through it, and stops it. */
async function preview(): Promise<void> {
  const child: ChildProcess = spawn(process.execPath, ['bin/site.js', 'dev', '--port', '0'], {
    cwd: root,
    env,
  })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let said = ''
      const read = (chunk: Buffer) => {
        said += chunk.toString()
        const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(said.replace(COLOUR, ''))
        if (found) resolve(found[0])
      }
      child.stdout?.on('data', read)
      child.stderr?.on('data', read)
      child.on('exit', (code) => reject(new Error(`site dev exited ${code}: ${said}`)))
    })
    for (const page of ['', 'products/szephyr'])
      expect((await fetch(`${url}${page}`, { headers: { accept: 'text/html' } })).status).toBe(200)
    // A form sent in the preview reaches the intake API, as under `site serve`, into a scratch store.
    const sent = await fetch(`${url}api/contactinformations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url.replace(/\/$/, '') },
      body: JSON.stringify({
        name: 'Asha Rao',
        email: 'asha@company.com',
        description: 'Please send the price list for the smart plugs.',
      }),
    })
    expect(sent.status).toBe(201)
    const listed = await site(['submissions', 'list', '--data', '.cache/dev-data'])
    expect(listed.out).toContain('Asha Rao')
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

/**
 * What a release manager supplies before a release: the company's own values instead of the tagged
 * examples, evidence for every certification logo, and the company's brochure PDFs.
 */
async function makeReleaseReady(): Promise<void> {
  const content = path.join(root, 'content')
  for (const entry of await readdir(content, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ya?ml|md)$/.test(entry.name) || entry.parentPath.includes('schemas')) continue
    const file = path.join(entry.parentPath, entry.name)
    let text = (await readFile(file, 'utf8')).replaceAll('!example ', '')
    if (entry.parentPath.endsWith('products')) {
      const doc = parseDocument(text)
      const partners = doc.toJS().partners as { kind?: string; evidence?: unknown }[] | undefined
      partners?.forEach((badge, i) => {
        if ((badge.kind ?? 'compliance') === 'compliance' && !badge.evidence)
          doc.setIn(['partners', i, 'evidence'], {
            issuer: 'Test Laboratory India',
            reference: `REP-2026-${i + 1}`,
          })
      })
      text = doc.toString()
    }
    await writeFile(file, text)
  }
  const pdfs = path.join(root, 'public/storage/brochures')
  for (const name of await readdir(pdfs)) {
    const file = path.join(pdfs, name)
    // The company's own PDF: the stand-ins say which tool wrote them (same length, so offsets hold).
    const bytes = (await readFile(file, 'latin1')).replace(
      '(tools/make-brochures.mjs)',
      '(Company brochure studio)',
    )
    await writeFile(file, bytes, 'latin1')
  }
}

/** A local https server that answers every link, with a certificate the child processes trust. */
async function linkServer() {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-links-'))
  const key = path.join(dir, 'key.pem')
  const certificate = path.join(dir, 'cert.pem')
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    certificate,
  ])
  const asked = new Set<string>()
  const server: Server = createServer(
    { key: await readFile(key), cert: await readFile(certificate) },
    (req, res) => {
      asked.add(req.url ?? '/')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>ok</title>')
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`
  return { server, origin, certificate, asked }
}

/** Points every https address in the copy's content (maps, profiles, partners) at `origin`. */
async function pointOutboundLinksAt(origin: string): Promise<void> {
  const content = path.join(root, 'content')
  for (const entry of await readdir(content, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name) || entry.parentPath.includes('schemas')) continue
    const file = path.join(entry.parentPath, entry.name)
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.replace(/(?<!siteUrl: )https:\/\/[^/\s]+/g, origin))
  }
}
