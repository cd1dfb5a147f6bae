import type { ChildProcess } from 'node:child_process'

/** One check `npm test` runs: its phase, the command, and the steps that must have passed first. */
export interface Step {
  phase: number
  command: string[]
  needs: string[]
}

/**
 * How a step ended: its exit code and time, or skipped because a step it needs failed; with the lines
 * of its output that named a failed test and its last lines, for the summary.
 */
export interface Result {
  code: number
  seconds?: number
  skipped?: boolean
  failures?: string[]
  last?: string[]
}

export const KEPT_LINES: number
export const KEPT_FAILURES: number

export function runSteps(
  steps: Record<string, Step>,
  io: {
    cwd: string
    stdout: NodeJS.WritableStream
    stderr: NodeJS.WritableStream
    running?: Set<ChildProcess>
  },
): Promise<Map<string, Result>>

export function stopSteps(running: Set<ChildProcess>, signal: NodeJS.Signals): void

export function summary(results: Map<string, Result>, seconds: number): string[]
