/**
 * Runs steps (commands) in phases, the way `npm test` runs its checks (tools/test.mjs): the steps of a
 * phase side by side, the phases one after the other. Each line a step prints is passed on as it comes,
 * after the step's name. A step whose `needs` did not all pass is skipped; the others run whatever
 * failed before them. Resolves with each step's result; the caller decides the exit code.
 */
import { spawn } from 'node:child_process'

/** Runs `steps` in `io.cwd`; the types are in run-steps.d.mts, which the typecheck reads. */
export async function runSteps(steps, io) {
  const width = Math.max(...Object.keys(steps).map((name) => name.length))
  const label = (name) => `${name.padEnd(width)} │ `
  const results = new Map()

  /** Passes a stream on line by line, each line after the step's name. */
  function relay(name, stream, out) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) out.write(`${label(name)}${line}\n`)
    })
    stream.on('end', () => {
      if (rest) out.write(`${label(name)}${rest}\n`)
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
    relay(name, child.stdout, io.stdout)
    relay(name, child.stderr, io.stderr)
    return new Promise((resolve) => {
      let settled = false
      const done = (code) => {
        if (settled) return
        settled = true
        io.running?.delete(child)
        resolve({ code, seconds: (Date.now() - started) / 1000 })
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

/** The closing lines: each step's result and time, then the whole run's. */
export function summary(results, seconds) {
  const width = Math.max(...[...results.keys()].map((name) => name.length))
  const lines = [...results].map(([name, r]) => {
    const said = r.skipped ? 'skipped (a step it needs failed)' : r.code === 0 ? 'passed' : 'FAILED'
    return `${name.padEnd(width)}  ${said}${r.skipped ? '' : ` in ${r.seconds.toFixed(1)} s`}`
  })
  const failed = [...results.values()].some((r) => r.code !== 0)
  return [...lines, '', `npm test ${failed ? 'failed' : 'passed'} in ${seconds.toFixed(1)} s`]
}
