// Helpers for the CLI's tests: not product code, so mutation testing leaves this file out.
import { vi } from 'vitest'

/**
 * Captures what the CLI prints until `vi.restoreAllMocks()`: each `console.log` call as one line of
 * `out`, each `console.error` call as one line of `err`.
 */
export function captureConsole(): { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    out.push(args.map(String).join(' '))
  })
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    err.push(args.map(String).join(' '))
  })
  return { out, err }
}

/** Unsets environment settings a test must not inherit from the shell, until `vi.unstubAllEnvs()`. */
export function unsetEnv(names: readonly string[]): void {
  for (const name of names) vi.stubEnv(name, undefined)
}
