#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, each after what it needs, in three phases:
 *
 *   1. lint, typecheck and build, side by side (Biome and tsc keep to one core each, and the build
 *      waits on its image encoder and Rolldown's threads)
 *   2. unit tests
 *   3. browser tests
 *
 * The build comes before the unit tests, not only before the browser tests: the release loop's test
 * copies the project with its image cache, which the build has just filled (on a fresh clone that
 * halves that test, 55 s to 30 s). The unit and browser tests do not run side by side: each keeps both
 * cores busy, and together they took 279 s against 289 s one after the other, with their output mixed.
 *
 * Each line a step prints is passed on as it comes, after the step's name. A failed step skips only the
 * steps that need it (a lint or type error still lets every test run), and the exit code is 1 if any
 * step failed. A step runs alone with its own npm
 * script (`npm run lint`, `typecheck`, `build`, `test:unit`, `test:e2e`).
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name) => path.join(root, 'node_modules/.bin', name)

/** Each step: its phase, the command, and the steps that must have passed first. */
const STEPS = {
  lint: { phase: 1, command: [bin('biome'), 'check', '.'], needs: [] },
  typecheck: { phase: 1, command: [bin('tsc'), '--noEmit'], needs: [] },
  build: { phase: 1, command: [process.execPath, 'bin/site.js', 'build'], needs: [] },
  unit: { phase: 2, command: [bin('vitest'), 'run'], needs: ['build'] },
  e2e: { phase: 3, command: [bin('playwright'), 'test'], needs: ['build'] },
}

const width = Math.max(...Object.keys(STEPS).map((name) => name.length))
const children = new Set()

/** Passes a stream on line by line, each line after the step's name. */
function relay(name, stream, out) {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) out.write(`${name.padEnd(width)} │ ${line}\n`)
  })
  stream.on('end', () => {
    if (rest) out.write(`${name.padEnd(width)} │ ${rest}\n`)
  })
}

/** Runs one step; resolves with its exit code and how long it took. */
function run(name) {
  const [command, ...args] = STEPS[name].command
  const started = Date.now()
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  relay(name, child.stdout, process.stdout)
  relay(name, child.stderr, process.stderr)
  return new Promise((resolve) => {
    const done = (code) => {
      children.delete(child)
      resolve({ code, seconds: (Date.now() - started) / 1000 })
    }
    child.on('error', (error) => {
      process.stderr.write(`${name.padEnd(width)} │ could not start ${command}: ${error.message}\n`)
      done(1)
    })
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)))
  })
}

const results = new Map()

/** Runs a phase's steps side by side; a step whose needs did not all pass is skipped. */
async function phase(number) {
  const names = Object.keys(STEPS).filter((name) => STEPS[name].phase === number)
  await Promise.all(
    names.map(async (name) => {
      const ready = STEPS[name].needs.every((need) => results.get(need)?.code === 0)
      results.set(name, ready ? await run(name) : { code: 1, skipped: true })
    }),
  )
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
    process.exit(130)
  })

const started = Date.now()
for (const number of new Set(Object.values(STEPS).map((step) => step.phase))) await phase(number)

console.log('')
for (const name of Object.keys(STEPS)) {
  const r = results.get(name)
  const said = r.skipped ? 'skipped (a step it needs failed)' : r.code === 0 ? 'passed' : 'FAILED'
  console.log(`${name.padEnd(width)}  ${said}${r.skipped ? '' : ` in ${r.seconds.toFixed(1)} s`}`)
}
const failed = [...results.values()].some((r) => r.code !== 0)
console.log(`\nnpm test ${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exitCode = failed ? 1 : 0
