import { constants } from 'node:fs'
import { type FileHandle, mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ERRORS, siteError } from '../lib/errors.ts'
import type { ProjectPaths } from '../model/paths.ts'
import { formatTime } from './timing.ts'

/**
 * One writer at a time per checkout: `site build`, `site images`, `site verify`, `site review` and `site dev`'s image
 * updates write dist/, .cache/ and public/media/, and two of them at once broke both (ENOTEMPTY on the
 * staging folder, Vike's manifest missing). The lock is the operating system's own, on
 * `.cache/checkout.lock` (fs-native-extensions: an open file description lock on Linux): the kernel
 * lets go of it when its process ends, however it ends, so a killed build's lock is free at once and
 * nothing is ever taken from a live one that is only slow. The file names who holds it, for the
 * message of whoever waits; a holder that ended cleanly empties it, so a name found in a free file is
 * a process that was killed.
 */

/** Where the lock lives: inside .cache/, which only this checkout's commands write. */
export const LOCK_FILE = 'checkout.lock'

/** Who holds the checkout, as its lock file says. */
interface Holder {
  pid: number
  command: string
  startedAt: string
}

export interface CheckoutLock {
  /** Lets the next command in (also done by the kernel if this process ends first). */
  release(): Promise<void>
}

export interface LockOptions {
  /** The command taking it, as people type it: `site build`. */
  command: string
  /** Wait for the holder to finish (true) or refuse at once with CheckoutBusy (`--no-wait`). */
  wait: boolean
  /** Where to say that it waits, and for whom, and that it took over from a killed process. */
  say: (line: string) => void
  /** How often a waiting command tries again; tests shorten it. */
  pollMs?: number
}

/** `site build (process 4242, since 14:05:09)`, or `another process` when the file names none yet. */
function holderName(holder: Holder | undefined): string {
  if (!holder) return 'another process'
  return `\`${holder.command}\` (process ${holder.pid}, since ${formatTime(new Date(holder.startedAt))})`
}

async function readHolder(file: FileHandle): Promise<Holder | undefined> {
  const { bytesRead, buffer } = await file.read({ buffer: Buffer.alloc(4096), position: 0 })
  try {
    const holder = JSON.parse(buffer.subarray(0, bytesRead).toString('utf8')) as Partial<Holder>
    if (typeof holder.pid === 'number' && typeof holder.command === 'string')
      return { pid: holder.pid, command: holder.command, startedAt: String(holder.startedAt) }
  } catch {
    // Empty (a clean release) or being written by a holder that has just taken it.
  }
  return undefined
}

/**
 * Takes the checkout for this process, waiting for its holder to finish (saying once whom it waits
 * for) or, without `wait`, refusing at once with CheckoutBusy naming the holder.
 */
export async function lockCheckout(
  paths: Pick<ProjectPaths, 'cache'>,
  options: LockOptions,
): Promise<CheckoutLock> {
  const { tryLock, unlock } = await import('fs-native-extensions')
  await mkdir(paths.cache, { recursive: true })
  // Read and write, never truncated on open: the holder's name must survive a waiter opening the file.
  const file = await open(path.join(paths.cache, LOCK_FILE), constants.O_RDWR | constants.O_CREAT)
  try {
    let waited = false
    while (!tryLock(file.fd)) {
      const holder = await readHolder(file)
      if (!options.wait) throw siteError(ERRORS.CheckoutBusy, { holder: holderName(holder) })
      if (!waited)
        options.say(
          `Waiting for ${holderName(holder)} to finish: it is writing this checkout's dist/ and .cache/.`,
        )
      waited = true
      await sleep(options.pollMs ?? 200)
    }
    const killed = await readHolder(file)
    if (killed && killed.pid !== process.pid)
      options.say(`Taking over this checkout from ${holderName(killed)}, which ended without finishing.`)
    const me: Holder = { pid: process.pid, command: options.command, startedAt: new Date().toISOString() }
    await file.truncate(0)
    await file.write(JSON.stringify(me), 0)
  } catch (error) {
    await file.close()
    throw error
  }
  let released = false
  return {
    async release() {
      if (released) return
      released = true
      await file.truncate(0)
      unlock(file.fd)
      await file.close()
    },
  }
}

/** Runs `work` holding the checkout, and lets go of it however `work` ends. */
export async function withCheckout<T>(
  paths: Pick<ProjectPaths, 'cache'>,
  options: LockOptions,
  work: () => Promise<T>,
): Promise<T> {
  const lock = await lockCheckout(paths, options)
  try {
    return await work()
  } finally {
    await lock.release()
  }
}

/** `--no-wait`'s help, the same on every command that takes the checkout. */
export const NO_WAIT_HELP =
  "refuse at once (exit 1) when another command is writing this checkout's dist/ and .cache/, instead of waiting for it"

/** The lock options of a command with `--no-wait` (commander's `wait: false`); its notices on stderr. */
export function checkoutFor(command: string, flags: { wait?: boolean }): LockOptions {
  return { command, wait: flags.wait !== false, say: (line) => console.error(line) }
}
