import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it, onTestFinished } from 'vitest'
import { KEPT_LINES, runSteps, type Step, stopSteps, summary } from './run-steps.mjs'

/** A stream that keeps what is written to it. */
function sink(): Writable & { text: () => string } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  return Object.assign(stream, { text: () => chunks.join('') })
}

/** A step that runs a line of JavaScript in Node. */
const node = (phase: number, code: string, needs: string[] = []): Step => ({
  phase,
  command: [process.execPath, '-e', code],
  needs,
})

async function run(steps: Record<string, Step>) {
  const stdout = sink()
  const stderr = sink()
  const results = await runSteps(steps, { cwd: process.cwd(), stdout, stderr })
  return { results, out: stdout.text(), err: stderr.text() }
}

describe('runSteps, as npm test runs its checks', () => {
  it('runs the steps of a phase side by side and the phases in order, each line after its step', async () => {
    // "waits" ends only once "signals" has run: they must run at once. "after" starts once both ended.
    const dir = await mkdtemp(path.join(tmpdir(), 'site-steps-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const flag = path.join(dir, 'signalled')
    const { results, out } = await run({
      waits: node(
        1,
        `const fs = require('node:fs'); const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(flag)})) { clearInterval(t); console.log('saw the signal') } }, 20)`,
      ),
      signals: node(
        1,
        `require('node:fs').writeFileSync(${JSON.stringify(flag)}, ''); console.log('signalled')`,
      ),
      after: node(2, "console.log('after')"),
    })
    const lines = out.split('\n').filter(Boolean)
    expect(lines.slice(0, 2).sort()).toEqual(['signals │ signalled', 'waits   │ saw the signal'])
    expect(lines.slice(2)).toEqual(['after   │ after'])
    expect([...results.values()].map((r) => r.code)).toEqual([0, 0, 0])
  })

  it('skips only the steps that need a failed one, and keeps what a failed step printed', async () => {
    const { results, out, err } = await run({
      lint: node(1, "console.error('a.ts:1 unused'); process.exit(1)"),
      build: node(1, "process.stdout.write('built')"),
      unit: node(2, "console.log('unit ran')", ['build']),
      e2e: node(3, '', ['lint']),
    })
    expect(err).toBe('lint  │ a.ts:1 unused\n')
    // A last line without a newline is passed on too.
    expect(out).toContain('build │ built\n')
    expect(out).toContain('unit  │ unit ran\n')
    // Listed as the steps are, whichever ended first.
    expect([...results.keys()]).toEqual(['lint', 'build', 'unit', 'e2e'])
    expect(results.get('lint')?.code).toBe(1)
    expect(results.get('unit')?.code).toBe(0)
    expect(results.get('e2e')).toEqual({ code: 1, skipped: true })
    const lines = summary(results, 12.34)
    expect(lines.at(-1)).toBe('npm test failed in 12.3 s')
    expect(lines).toContain('e2e    skipped (a step it needs failed)')
    expect(lines.slice(0, 3)).toEqual(["lint's last line:", 'a.ts:1 unused', ''])
    expect(lines.findLast((l) => l.startsWith('lint'))).toMatch(/^lint {3}FAILED in \d+\.\d s$/)
  })

  it('ends by saying again which tests a failed step named and what it printed last, not for a passed one', async () => {
    // A failure named early, buried under many lines, as a unit failure is under the browser tests' output.
    // All on stdout: lines of two streams arrive in no fixed order, and the last lines are counted here.
    const { results } = await run({
      unit: node(
        1,
        "console.log(' FAIL  cli/a.test.ts > a test'); console.log(' \\x1b[31m×\\x1b[39m a test 12ms'); for (let i = 1; i <= 100; i++) console.log('line ' + i); process.exit(1)",
      ),
      e2e: node(2, "for (let i = 1; i <= 100; i++) console.log('e2e line ' + i)"),
    })
    const lines = summary(results, 1)
    const named = lines.indexOf('unit failed; its output named:')
    expect(lines.slice(named + 1, named + 3)).toEqual([
      ' FAIL  cli/a.test.ts > a test',
      ' \x1b[31m×\x1b[39m a test 12ms',
    ])
    const last = lines.indexOf(`unit's last ${KEPT_LINES} lines:`)
    // The names come after the last lines, next to the results, where a log cut short still shows them.
    expect(last).toBeGreaterThanOrEqual(0)
    expect(named).toBeGreaterThan(last + KEPT_LINES)
    expect(lines.slice(last + 1, last + 1 + KEPT_LINES)).toEqual(
      Array.from({ length: KEPT_LINES }, (_, i) => `line ${100 - KEPT_LINES + 1 + i}`),
    )
    // The passed step's output is not repeated, and the results still close the summary.
    expect(lines.some((l) => l.startsWith('e2e line'))).toBe(false)
    expect(lines.slice(-4)).toEqual([
      expect.stringMatching(/^unit {2}FAILED in/),
      expect.stringMatching(/^e2e {3}passed in/),
      '',
      'npm test failed in 1.0 s',
    ])
  })

  it('says which command could not start, and counts it as failed', async () => {
    const { results, err } = await run({
      lint: { phase: 1, command: ['/no/such/biome', 'check'], needs: [] },
    })
    expect(results.get('lint')?.code).toBe(1)
    expect(err).toMatch(/^lint │ could not start \/no\/such\/biome: .*ENOENT/)
  })

  it('stops a step and what it started: the tool npm runs through sh, not only npm', async () => {
    const running = new Set<ChildProcess>()
    const stdout = sink()
    // sh runs node as its child (the `; true` keeps sh from replacing itself with node), as npm does.
    const tool = `${JSON.stringify(process.execPath)} -e "console.log('tool', process.pid); setInterval(() => {}, 1000)"; true`
    const done = runSteps(
      { build: { phase: 1, command: ['sh', '-c', tool], needs: [] } },
      { cwd: process.cwd(), stdout, stderr: sink(), running },
    )
    await expect.poll(() => stdout.text(), { timeout: 20_000 }).toMatch(/tool \d+/)
    const pid = Number(/tool (\d+)/.exec(stdout.text())?.[1])
    stopSteps(running, 'SIGTERM')
    expect((await done).get('build')?.code).not.toBe(0)
    // Ended: gone, or a zombie its new parent has not reaped yet (state Z in /proc; CI is Linux).
    const alive = () =>
      readFile(`/proc/${pid}/stat`, 'utf8').then(
        (stat) => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z',
        () => false,
      )
    await expect.poll(alive, { timeout: 20_000 }).toBe(false)
  })

  it('passes when every step passed', async () => {
    const { results } = await run({ one: node(1, ''), two: node(2, '', ['one']) })
    expect(summary(results, 1).at(-1)).toBe('npm test passed in 1.0 s')
  })
})
