/**
 * The checkout's lock between real processes (issue #47): a holder in a child process
 * (tests/hold-checkout.ts), and this process asking for it, as a second `site build` would.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isSiteError } from '../lib/errors.ts'
import { PROJECT_ROOT } from '../model/paths.ts'
import { lockCheckout } from './checkout-lock.ts'

interface Holder {
  child: ChildProcess
  exited: Promise<unknown>
  output: () => string
}

let cache: string
let holders: Holder[] = []

beforeEach(async () => {
  cache = await mkdtemp(path.join(tmpdir(), 'site-lock-'))
})

afterEach(async () => {
  for (const { child, exited } of holders) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  }
  holders = []
  await rm(cache, { recursive: true, force: true })
})

/** Starts a process that takes the lock, and resolves once it says it holds it. */
function hold(command = 'site build'): Promise<Holder> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/hold-checkout.ts', cache, command], {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let text = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const holder = { child, exited, output: () => text }
  holders.push(holder)
  return new Promise((resolve, reject) => {
    const take = (chunk: Buffer) => {
      text += chunk.toString()
      if (/^held$/m.test(text)) resolve(holder)
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    void exited.then(() => reject(new Error(`the holder ended before it held the lock:\n${text}`)))
  })
}

/** Resolves once `check` holds, polled every 20 ms (up to 20 s, a bound for a busy machine). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; !check(); ) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('one writer per checkout, between processes', { timeout: 60_000 }, () => {
  it('with --no-wait, refuses at once and names the process that holds it', async () => {
    const { child } = await hold('site build')
    const error = await lockCheckout({ cache }, { command: 'site images', wait: false, say: () => {} }).catch(
      (e: unknown) => e,
    )
    expect(isSiteError(error) && error.code).toBe('checkout-busy')
    expect((error as Error).message).toMatch(
      new RegExp(
        `^\`site build\` \\(process ${child.pid}, since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\) is writing this checkout's dist/ and \\.cache/, and --no-wait was given: nothing was done\\.$`,
      ),
    )
  })

  it('waits for the holder, saying once for whom, and takes it when the holder lets go', async () => {
    const holder = await hold('site build')
    const said: string[] = []
    let taken = false
    const waiting = lockCheckout(
      { cache },
      { command: 'site build', wait: true, say: (line) => said.push(line), pollMs: 20 },
    ).then((lock) => {
      taken = true
      return lock
    })
    await until(() => said.length > 0, 'the waiting line')
    expect(taken).toBe(false)
    holder.child.stdin?.write('release\n')
    const lock = await waiting
    await holder.exited
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Waiting for \`site build\` \\(process ${holder.child.pid}, since [^)]+\\) to finish: it is writing this checkout's dist/ and \\.cache/\\.$`,
        ),
      ),
    ])
    // Its turn is over when it lets go: the next one takes it without waiting.
    await lock.release()
    await hold('site images')
  })

  it('takes over at once from a holder that was killed, and says so', async () => {
    const holder = await hold('site build')
    holder.child.kill('SIGKILL')
    await holder.exited
    const said: string[] = []
    const lock = await lockCheckout(
      { cache },
      { command: 'site build', wait: false, say: (l) => said.push(l) },
    )
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Taking over this checkout from \`site build\` \\(process ${holder.child.pid}, since [^)]+\\), which ended without finishing\\.$`,
        ),
      ),
    ])
    await lock.release()
  })
})
