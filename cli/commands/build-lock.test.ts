/**
 * Two commands in one checkout at once, as two terminals start them (issue #47): real `site build`
 * and `site dev` processes on a copy of this project. Before the lock, two builds died with
 * ENOTEMPTY on dist/.staging and a missing entry.mjs, both printing stacks.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyProject, shellEnv } from '../../tests/project-copy.ts'

let root: string
const started: Running[] = []

interface Running {
  child: ChildProcess
  /** stdout and stderr as they came (NO_COLOR: no colour codes). */
  output: () => string
  /** The exit code once it ended. */
  exited: Promise<number | null>
}

beforeAll(async () => {
  root = await copyProject('site-build-lock-')
}, 120_000)

afterAll(async () => {
  for (const { child, exited } of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

/** Starts `node bin/site.js …` in the copy, as a person in a terminal there would. */
function site(...args: string[]): Running {
  const child = spawn(process.execPath, ['bin/site.js', ...args], {
    cwd: root,
    env: { ...shellEnv(), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const take = (chunk: Buffer) => {
    text += chunk.toString()
  }
  child.stdout?.on('data', take)
  child.stderr?.on('data', take)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const running = { child, output: () => text, exited }
  started.push(running)
  return running
}

/** Resolves once `running` printed something matching `pattern` (it may not have ended first). */
async function says(running: Running, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  for (const deadline = Date.now() + 240_000; ; ) {
    const found = pattern.exec(running.output())
    if (found) return found
    if (running.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`never happened: ${what}\n${running.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** What no run may print: our-bug reports and stacks. */
const NO_BUG = /unexpected error|ENOTEMPTY|ENOENT|__VITE_ASSETS_MANIFEST__|\n\s+at /

describe('one command writes a checkout at a time', { timeout: 600_000 }, () => {
  it('a second site build waits for the first, naming it, or with --no-wait refuses at once; both builds finish', async () => {
    const first = site('build')
    // It prints this once it holds the checkout.
    await says(first, /^Building the site:$/m, 'the first build to start')
    const refused = site('build', '--no-wait')
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toMatch(
      new RegExp(
        `^\`site build\` \\(process ${first.child.pid}, since [^)]+\\) is writing this checkout's dist/ and \\.cache/, and --no-wait was given: nothing was done\\.\\nFix: wait for it to finish and run the command again, or run it without --no-wait to wait for it\\.\\n$`,
      ),
    )
    const second = site('build')
    await says(
      second,
      new RegExp(`^Waiting for \`site build\` \\(process ${first.child.pid}, since [^)]+\\) to finish`, 'm'),
      'the second build to say whom it waits for',
    )
    expect(second.output()).not.toContain('Building the site:')
    // With what each printed, so that a failure says why.
    expect(await first.exited, first.output()).toBe(0)
    expect(await second.exited, second.output()).toBe(0)
    for (const run of [first, second]) {
      expect(run.output()).toMatch(/^Built in .*\. dist\/client is ready to deploy\.$/m)
      expect(run.output()).not.toMatch(NO_BUG)
    }
  })

  it('site dev beside site build: both work, and dev updates its images after the build', async () => {
    const dev = site('dev', '--port', '0', '--host', '127.0.0.2')
    const origin = (
      await says(dev, /(?:Local|Network):\s+(http:\/\/\S+?)\/?\s/, 'site dev to print its address')
    )[1]
    const checks = () => dev.output().match(/^\d+ images?: /gm)?.length ?? 0
    await says(dev, /^\d+ images?: /m, 'the first content check of site dev')
    const build = site('build')
    await says(build, /^Building the site:$/m, 'the build to start')
    // A save while the build holds the checkout: dev checks it, and waits for the build to update images.
    // Saved as editors' safe write saves (a new file renamed over the old). A save in place, caught
    // empty by the build, is read again (model/content/saved-while-read.test.ts).
    const file = path.join(root, 'content', 'products', 'displaycontrollers.yaml')
    await writeFile(`${file}.saving`, await readFile(file))
    await rename(`${file}.saving`, file)
    expect(await build.exited, `the build said:\n${build.output()}\nsite dev said:\n${dev.output()}`).toBe(0)
    await says(dev, /^\d+ images?: [\s\S]*^\d+ images?: /m, 'dev to check the save')
    expect(checks()).toBeGreaterThanOrEqual(2)
    expect((await fetch(`${origin}/aboutus`)).status).toBe(200)
    expect(build.output()).toMatch(/^Built in /m)
    expect(build.output()).not.toMatch(NO_BUG)
    expect(dev.output()).not.toMatch(NO_BUG)
  })
})
