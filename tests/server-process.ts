import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A `site serve` running in its own process. */
export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Everything it printed so far (stdout and stderr). */
  output(): string
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>
}

/** The `site serve` arguments for a fixture site from `makeSite()`: a free port, no rate limit. */
export function fixtureServeArgs(site: { dir: string; dist: string }, data: string): string[] {
  return ['--port', '0', '--root', site.dir, '--dist', site.dist, '--data', data, '--rate-limit', '0']
}

/**
 * Starts `site serve` on a fixture site from `makeSite()` (tests/server-fixtures.ts), with no rate limit, on a
 * free port; `data` overrides the site's data folder.
 */
export function spawnSiteServer(site: { dir: string; dist: string; data: string }, data = site.data) {
  return spawnServer(fixtureServeArgs(site, data))
}

/** A webhook receiver on a free port that counts the deliveries of each submission id. */
export async function webhookCounter(): Promise<{ url: string; calls: Map<string, number>; close(): void }> {
  const calls = new Map<string, number>()
  const server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    request.on('end', () => {
      const { id } = JSON.parse(text) as { id: string }
      calls.set(id, (calls.get(id) ?? 0) + 1)
      response.statusCode = 204
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    close: () => server.close(),
  }
}

/** How {@link spawnServer} starts the server. */
export interface SpawnOptions {
  /** Added to this process's environment (SITE_SMTP_URL, SITE_DATABASE_URL, …). */
  env?: NodeJS.ProcessEnv
  /**
   * Start it as the README says, `node bin/site.js serve` (the compiled CLI), rather than the server's
   * own entry run from source (tests/serve-alone.ts, the default: no CLI compile in between).
   */
  viaCli?: boolean
}

/**
 * Starts `site serve` in a child process with `args` (add `--port 0`) and waits for the line that
 * names its URL. Rejects with its output if it ends first.
 */
export function spawnServer(args: readonly string[], options: SpawnOptions = {}): Promise<ServerProcess> {
  const entry = options.viaCli
    ? [path.join(PROJECT, 'bin', 'site.js')]
    : ['--import', 'tsx', path.join(PROJECT, 'tests', 'serve-alone.ts')]
  const child = spawn(process.execPath, [...entry, 'serve', ...args], {
    cwd: PROJECT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  )
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString()
      const found = /at (http:\/\/\S+)/.exec(text)
      if (found?.[1]) {
        child.stdout?.off('data', onData)
        child.stdout?.on('data', (more: Buffer) => {
          text += more.toString()
        })
        resolve({ child, url: found[1], output: () => text, exited })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    void exited.then((code) => reject(new Error(`The server ended (${code}) before listening:\n${text}`)))
  })
}
