/**
 * Holds a checkout's lock in a process of its own, as a running `site build` would:
 * `node --import tsx tests/hold-checkout.ts <cache folder> <command>` takes it (waiting if it must),
 * prints `held`, and lets go of it when a line `release` arrives on its standard input (then exits
 * 0). Killed instead, it leaves the lock to the kernel. Not a test file itself.
 */
import { createInterface } from 'node:readline'
import { lockCheckout } from '../cli/checkout-lock.ts'

const [cache = '', command = 'site build'] = process.argv.slice(2)
const lock = await lockCheckout({ cache }, { command, wait: true, say: (line) => console.log(line) })
console.log('held')
for await (const line of createInterface({ input: process.stdin }))
  if (line === 'release') {
    await lock.release()
    // Standard input is still open: the process would wait on it.
    process.exit(0)
  }
