#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, each after what it needs, in three phases:
 *
 *   1. lint, typecheck and build, side by side
 *   2. unit tests
 *   3. browser tests
 *
 * The build comes before the unit tests, not only before the browser tests: the release loop's test
 * copies the project with its image cache, which the build has just filled (on a fresh clone that
 * halves that test, 55 s to 30 s). The unit and browser tests do not run side by side: each keeps both
 * cores busy, and on a fresh clone `npm test` took 248 s with them side by side against 241 s one after
 * the other, with their output mixed.
 *
 * Each line a step prints is passed on as it comes, after the step's name. A failed step skips only the
 * steps that need it (a lint or type error still lets every test run), and the exit code is 1 if any
 * step failed (tools/run-steps.mjs). A step runs alone with its own npm script (`npm run lint`,
 * `typecheck`, `build`, `test:unit`, and `test:e2e`, which builds first; `test:browser` does not).
 */
import path from 'node:path'
import { runSteps, stopSteps, summary } from './run-steps.mjs'

const root = path.resolve(import.meta.dirname, '..')
/** A step is one of package.json's scripts, so each command is written once, there. */
const script = (name) => ['npm', 'run', '--silent', name]

/** Each step: its phase, the script it runs, and the steps that must have passed first. */
const STEPS = {
  lint: { phase: 1, command: script('lint'), needs: [] },
  typecheck: { phase: 1, command: script('typecheck'), needs: [] },
  build: { phase: 1, command: script('build'), needs: [] },
  unit: { phase: 2, command: script('test:unit'), needs: ['build'] },
  e2e: { phase: 3, command: script('test:browser'), needs: ['build'] },
}

const running = new Set()
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopSteps(running, signal)
    // As a shell reports a command a signal ended: 128 + 2 for SIGINT, 128 + 15 for SIGTERM.
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })

const started = Date.now()
const results = await runSteps(STEPS, { cwd: root, stdout: process.stdout, stderr: process.stderr, running })
console.log(`\n${summary(results, (Date.now() - started) / 1000).join('\n')}`)
process.exitCode = [...results.values()].some((r) => r.code !== 0) ? 1 : 0
