import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript without types, run by bin/site.js before any TypeScript loads
import { compiledCli, freshEntry } from '../bin/compiled-cli.js'

const run = promisify(execFile)
let dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
  dirs = []
})

/**
 * A project with a two-file CLI whose `run` prints what `./answer.ts` says, and a review comparing
 * process that says it is one.
 */
async function project(answer: string) {
  const root = await mkdtemp(path.join(tmpdir(), 'site-compiled-cli-'))
  dirs.push(root)
  await mkdir(path.join(root, 'cli', 'review'), { recursive: true })
  await writeFile(
    path.join(root, 'cli/review/compare-process.ts'),
    "import { answer } from '../answer.ts'\nconsole.log('comparing, ' + answer)\n",
  )
  await writeFile(path.join(root, 'package.json'), '{"type":"module"}')
  await writeFile(
    path.join(root, 'cli/index.ts'),
    "import { answer } from './answer.ts'\nexport const run = (): string => answer\n",
  )
  await writeFile(path.join(root, 'cli/answer.ts'), `export const answer: string = '${answer}'\n`)
  return root
}

const answerOf = async (entry: string) =>
  (
    await run(process.execPath, [
      '--input-type=module',
      '-e',
      `console.log((await import(${JSON.stringify(entry)})).run())`,
    ])
  ).stdout.trim()

describe('the compiled CLI (bin/compiled-cli.js)', () => {
  it('is compiled once and reused while no source changes', async () => {
    const root = await project('one')
    expect(freshEntry(root)).toBeUndefined()
    const entry = await compiledCli(root)
    expect(await answerOf(entry)).toBe('one')
    expect(freshEntry(root)).toBe(entry)
    expect(await compiledCli(root)).toBe(entry)
  })

  it("bundles the review's comparing process beside index.mjs, where cli/review/comparer.ts starts it", async () => {
    const entry = await compiledCli(await project('one'))
    const { stdout } = await run(process.execPath, [path.join(path.dirname(entry), 'compare-process.mjs')])
    expect(stdout.trim()).toBe('comparing, one')
  })

  it('is compiled again when a file it was made from changes, so an edit never runs stale code', async () => {
    const root = await project('one')
    const first = await compiledCli(root)
    await writeFile(path.join(root, 'cli/answer.ts'), "export const answer: string = 'two'\n")
    const later = new Date(Date.now() + 5_000)
    await utimes(path.join(root, 'cli/answer.ts'), later, later)
    expect(freshEntry(root)).toBeUndefined()
    const second = await compiledCli(root)
    expect(second).not.toBe(first)
    expect(await answerOf(second)).toBe('two')
  })

  it('gives way to the sources (undefined) when they do not compile, and when SITE_CLI_SOURCE=1', async () => {
    const root = await project('one')
    await writeFile(path.join(root, 'cli/answer.ts'), 'export const answer = (\n')
    expect(await compiledCli(root)).toBeUndefined()
    await writeFile(path.join(root, 'cli/answer.ts'), "export const answer = 'fixed'\n")
    process.env.SITE_CLI_SOURCE = '1'
    try {
      expect(await compiledCli(root)).toBeUndefined()
    } finally {
      delete process.env.SITE_CLI_SOURCE
    }
    expect(await answerOf(await compiledCli(root))).toBe('fixed')
  })
})
