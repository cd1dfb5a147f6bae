/**
 * Runs steps (commands) in phases, the way `npm test` runs its checks (tools/test.mjs): the steps of a
 * phase side by side, the phases one after the other. Each line a step prints is passed on as it comes,
 * after the step's name. A step whose `needs` did not all pass is skipped; the others run whatever
 * failed before them. Resolves with each step's result; the caller decides the exit code.
 *
 * Each step also keeps the lines that name a failed test and its last lines, so the closing summary can
 * say again why a step failed: a CI log is often read from its end, where an early step's failure is
 * buried under the output of the steps after it.
 */
import { spawn } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'

/** How many of a step's last lines it keeps, and how many lines naming a failed test. */
export const KEPT_LINES = 30
export const KEPT_FAILURES = 20

/**
 * A line naming a failed test or file: Vitest's `FAIL  file > test` and `× test`, Playwright's
 * `✘ [project] › file › test`; matched without colour codes, which Vitest writes into a pipe too when
 * `FORCE_COLOR` is set.
 */
const FAILURE_LINE = /^\s*(FAIL\s|×\s|✘\s)/

/** What a step printed that the summary repeats: the lines naming failures, and its last lines. */
function keeper() {
  const failures = []
  const last = []
  return {
    failures,
    last,
    add(line) {
      if (
        FAILURE_LINE.test(stripVTControlCharacters(line)) &&
        failures.length < KEPT_FAILURES &&
        !failures.includes(line)
      )
        failures.push(line)
      last.push(line)
      if (last.length > KEPT_LINES) last.shift()
    },
  }
}

/** Runs `steps` in `io.cwd`; the types are in run-steps.d.mts, which the typecheck reads. */
export async function runSteps(steps, io) {
  const width = Math.max(...Object.keys(steps).map((name) => name.length))
  const label = (name) => `${name.padEnd(width)} │ `
  const results = new Map()

  /** Passes a stream on line by line, each line after the step's name. */
  function relay(name, stream, out, kept) {
    let rest = ''
    const pass = (line) => {
      out.write(`${label(name)}${line}\n`)
      kept.add(line)
    }
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) pass(line)
    })
    stream.on('end', () => {
      if (rest) pass(rest)
    })
  }

  /** Runs one step; resolves with its exit code and how long it took. */
  function run(name) {
    const [command, ...args] = steps[name].command
    const started = Date.now()
    // Its own process group, so `stopSteps` reaches what the step started too (npm runs `sh -c`, which
    // runs the tool: a signal to npm alone left the tool running after `npm test` had exited).
    const child = spawn(command, args, { cwd: io.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    io.running?.add(child)
    const kept = keeper()
    relay(name, child.stdout, io.stdout, kept)
    relay(name, child.stderr, io.stderr, kept)
    return new Promise((resolve) => {
      let settled = false
      const done = (code) => {
        if (settled) return
        settled = true
        io.running?.delete(child)
        resolve({ code, seconds: (Date.now() - started) / 1000, failures: kept.failures, last: kept.last })
      }
      child.on('error', (error) => {
        io.stderr.write(`${label(name)}could not start ${command}: ${error.message}\n`)
        done(1)
      })
      child.on('close', (code) => done(code ?? 1))
    })
  }

  const phases = [...new Set(Object.values(steps).map((step) => step.phase))].sort((a, b) => a - b)
  for (const phase of phases) {
    const names = Object.keys(steps).filter((name) => steps[name].phase === phase)
    await Promise.all(
      names.map(async (name) => {
        const ready = steps[name].needs.every((need) => results.get(need)?.code === 0)
        results.set(name, ready ? await run(name) : { code: 1, skipped: true })
      }),
    )
  }
  // In the order the steps are listed, whichever ended first.
  return new Map(Object.keys(steps).map((name) => [name, results.get(name)]))
}

/** Sends `signal` to every running step and everything it started (each step's process group). */
export function stopSteps(running, signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // The step has already ended.
    }
  }
}

/**
 * The closing lines: for each step that failed, its last lines, then the lines of its output naming
 * failed tests; then each step's result and time, then the whole run's.
 */
export function summary(results, seconds) {
  const width = Math.max(...[...results.keys()].map((name) => name.length))
  const failedSteps = [...results].filter(([, r]) => r.code !== 0 && !r.skipped)
  // The failed tests' names come last, next to the results: a log cut to its last lines keeps them.
  const lastLines = failedSteps.flatMap(([name, r]) => {
    const count = r.last?.length === 1 ? 'line' : `${r.last?.length} lines`
    return r.last?.length ? [`${name}'s last ${count}:`, ...r.last, ''] : []
  })
  const named = failedSteps.flatMap(([name, r]) =>
    r.failures?.length ? [`${name} failed; its output named:`, ...r.failures, ''] : [],
  )
  const recaps = [...lastLines, ...named]
  const lines = [...results].map(([name, r]) => {
    const said = r.skipped ? 'skipped (a step it needs failed)' : r.code === 0 ? 'passed' : 'FAILED'
    return `${name.padEnd(width)}  ${said}${r.skipped ? '' : ` in ${r.seconds.toFixed(1)} s`}`
  })
  const failed = [...results.values()].some((r) => r.code !== 0)
  return [...recaps, ...lines, '', `npm test ${failed ? 'failed' : 'passed'} in ${seconds.toFixed(1)} s`]
}
