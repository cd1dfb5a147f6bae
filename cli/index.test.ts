import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const ROOT = path.join(import.meta.dirname, '..')
const FIXTURE = path.join(ROOT, 'tests/fixtures/valid')
const run = promisify(execFile)

/** Starts the CLI as a real process, the way a person or a script would; never rejects. */
async function start(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('the site CLI starts however it is called', { timeout: 120_000 }, () => {
  // npx starts the bin through a symlink in node_modules/.bin named `site`; npm run goes through the
  // package script; node runs the file itself. Each must run the command, not exit 0 silently.
  it.concurrent.each([
    ['npx site', 'npx', ['--no-install', 'site']],
    ['npm run site --', 'npm', ['run', '--silent', 'site', '--']],
    ['node bin/site.js', process.execPath, ['bin/site.js']],
  ])('%s validate', async (_name, command, prefix) => {
    const result = await start(command, [...prefix, 'validate', '--root', FIXTURE])
    expect(result.stdout).toMatch(/^\d+ content files valid \(\d+ ms\)\.$/m)
    expect(result.code).toBe(0)
  })

  it.concurrent('refuses an unknown command with exit code 1 and lists the commands', async () => {
    const result = await start(process.execPath, ['bin/site.js', 'biuld'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('"biuld" is not a site command. The commands are:')
    for (const name of ['validate', 'build', 'verify', 'serve', 'dev', 'new', 'images', 'brochures'])
      expect(result.stderr).toMatch(new RegExp(`^  ${name} +\\S`, 'm'))
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/)
  })
})
