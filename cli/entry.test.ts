import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { CLI_WAYS } from '../tests/cli-ways.ts'

const root = path.resolve(import.meta.dirname, '..')
const run = promisify(execFile)

/** Runs a command line in the project root as a release manager would; never throws on exit codes. */
async function start(
  command: string,
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: root,
      env: { ...process.env, ...extra, NO_COLOR: '1' },
    })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** The three ways the README says to start the CLI. */
const WAYS = Object.entries(CLI_WAYS).map(
  ([way, { command, prefix, env }]): [string, string, string[], NodeJS.ProcessEnv] => [
    way,
    command,
    [...prefix],
    env,
  ],
)

const VERSION = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
  .version

// Each case starts a fresh Node (and npm for two of them): allow for a busy machine.
describe('the CLI runs however it is started', { timeout: 120_000 }, () => {
  it.each(WAYS)('%s validate checks the content and says so', async (_, command, prefix, env) => {
    const { code, out } = await start(command, [...prefix, 'validate'], env)
    expect(out).toMatch(/\d+ content files valid/)
    expect(code).toBe(0)
  })

  it.each(
    WAYS,
  )('%s with an unknown command exits non-zero and lists the commands', async (_, command, prefix, env) => {
    const { code, out } = await start(command, [...prefix, 'biuld'], env)
    expect(code).not.toBe(0)
    expect(out).toContain("unknown command 'biuld'")
    expect(out).toMatch(/commands: validate, new, images, brochures, build, verify, review, dev/)
  })

  // npx once took an option before `site` (`npx --no site --help`) for its own and printed npx's
  // help and npm's version; as a person types it, the site CLI answers.
  it.each(WAYS)('%s --help prints the site CLI’s own help', async (_, command, prefix, env) => {
    const { code, out } = await start(command, [...prefix, '--help'], env)
    expect(out).toContain('Usage: site [options] [command]')
    expect(out).toContain('new                 Start new content from a template.')
    expect(code).toBe(0)
  })

  it.each(
    WAYS,
  )('%s --version prints the site CLI’s own version, by name', async (_, command, prefix, env) => {
    const { code, out } = await start(command, [...prefix, '--version'], env)
    expect(out.trim()).toBe(`site ${VERSION}`)
    expect(code).toBe(0)
  })
})
