import { createHash } from 'node:crypto'

/**
 * The SHA-256 of some parts, in hex, each part ended by a NUL so that `('ab', 'c')` and `('a', 'bc')`
 * differ: the key every cache of the CLI files what it learnt under.
 */
export function sha256(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex')
}
