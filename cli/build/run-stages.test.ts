import { describe, expect, it } from 'vitest'
import { type Problem, SiteError } from '../../lib/errors.ts'
import { formatStage, runStages } from './run-stages.ts'

describe('runStages', () => {
  it('runs each stage in order and prints a line for each as it finishes', async () => {
    const lines: string[] = []
    const order: string[] = []
    const results = await runStages(
      [
        {
          name: 'validate',
          run: async () => {
            order.push('validate')
            return '3 products, 12 pages'
          },
        },
        {
          name: 'images',
          run: async () => {
            order.push('images')
            return '2 images: 0 encoded, 2 cached'
          },
        },
      ],
      undefined,
      (line) => lines.push(line),
    )
    expect(order).toEqual(['validate', 'images'])
    expect(results.map((r) => [r.name, r.summary])).toEqual([
      ['validate', '3 products, 12 pages'],
      ['images', '2 images: 0 encoded, 2 cached'],
    ])
    for (const r of results) expect(r.ms).toBeGreaterThanOrEqual(0)
    expect(lines).toEqual(results.map(formatStage))
    expect(lines[0]).toMatch(/^ {2}validate {4}3 products, 12 pages {36} +\d+ ms$/)
  })

  it('starts a stage beside the others once the stages it needs are done, and lists results in order', async () => {
    const events: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const stage = (name: string, work: () => Promise<void> = async () => {}, after?: string[]) => ({
      name,
      ...(after ? { after } : {}),
      run: async () => {
        events.push(`${name} started`)
        await work()
        events.push(`${name} done`)
        return name
      },
    })
    const lines: string[] = []
    const results = await runStages(
      [
        stage('pre-render'),
        // Waits until the two after it have run: they start beside it, not after it.
        stage('search', () => held),
        stage('cdn files', undefined, ['pre-render']),
        stage('verify', async () => release(), ['cdn files']),
        stage('publish', undefined, ['search', 'verify']),
      ],
      undefined,
      (line) => lines.push(line.trim().split(/\s+/)[0] as string),
    )
    const at = (event: string) => events.indexOf(event)
    // Search was still running when cdn files and verify started; publish waited for both.
    expect(events.slice(0, 4)).toEqual([
      'pre-render started',
      'pre-render done',
      'search started',
      'cdn files started',
    ])
    expect(at('verify started')).toBeLessThan(at('search done'))
    expect(at('publish started')).toBeGreaterThan(Math.max(at('search done'), at('verify done')))
    expect(events).toHaveLength(10)
    // Each line is printed as its stage finishes.
    const finished = events.filter((e) => e.endsWith(' done')).map((e) => e.split(' ')[0])
    expect(lines).toEqual(finished)
    expect(results.map((r) => r.name)).toEqual(['pre-render', 'search', 'cdn files', 'verify', 'publish'])
  })

  it('waits for a stage running beside a failing one, then starts nothing more and reports the failure', async () => {
    const events: string[] = []
    const error = await runStages(
      [
        { name: 'pre-render', run: async () => 'ok' },
        {
          name: 'search',
          run: async () => {
            await new Promise((resolve) => setTimeout(resolve, 50))
            events.push('search done')
            return 'ok'
          },
        },
        {
          name: 'verify',
          after: ['pre-render'],
          run: async () => {
            throw new SiteError('verify-failed', '2 problems in the built site.', 'fix them.')
          },
        },
        {
          name: 'publish',
          after: ['search'],
          run: async () => {
            events.push('publish ran')
            return 'ok'
          },
        },
      ],
      undefined,
      () => {},
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'The build stopped at "verify": 2 problems in the built site.' })
    expect(events).toEqual(['search done'])
  })

  it('asks a stage that names what it needs by a function once those stages are done', async () => {
    const order = async (full: boolean) => {
      const events: string[] = []
      const stage = (name: string, after?: (context: { full: boolean }) => string[], ms = 0) => ({
        name,
        after: after ?? (() => ['plan']),
        run: async () => {
          events.push(`${name} started`)
          await new Promise((resolve) => setTimeout(resolve, ms))
          events.push(`${name} done`)
          return name
        },
      })
      await runStages(
        [
          { name: 'plan', run: async () => 'ok' },
          stage('search', undefined, 30),
          stage('verify', (context) => (context.full ? ['plan', 'search'] : ['plan'])),
        ],
        { full },
        () => {},
      )
      return events
    }
    expect(await order(false)).toEqual(['search started', 'verify started', 'verify done', 'search done'])
    expect(await order(true)).toEqual(['search started', 'search done', 'verify started', 'verify done'])
  })

  it('refuses a stage that waits for a stage that does not exist', async () => {
    await expect(
      runStages([{ name: 'verify', after: ['serach'], run: async () => 'ok' }], undefined, () => {}),
    ).rejects.toThrow('stage "verify" waits for no such stage: serach')
  })

  it('lines up the name, the summary and the time in columns', () => {
    expect(formatStage({ name: 'prerender', ms: 2400, summary: '14 pages' })).toBe(
      `  prerender   14 pages${' '.repeat(48)}    2.4 s`,
    )
    expect(formatStage({ name: 'search', ms: 85, summary: 'x'.repeat(60) })).toBe(
      `  search      ${'x'.repeat(60)}    85 ms`,
    )
  })

  it('stops at a failing stage and names it in the error, with the hint and the problems', async () => {
    const lines: string[] = []
    const problems: Problem[] = [
      { file: 'content/site.yaml', line: 1, col: 1, path: '', code: 'x', message: 'm', hint: 'h' },
    ]
    let ranAfter = false
    const failing = runStages(
      [
        { name: 'validate', run: async () => 'ok' },
        {
          name: 'images',
          run: async () => {
            throw new SiteError(
              'images-invalid',
              '1 of 2 images could not be made.',
              'fix the image.',
              problems,
            )
          },
        },
        {
          name: 'prerender',
          run: async () => {
            ranAfter = true
            return 'never'
          },
        },
      ],
      undefined,
      (line) => lines.push(line),
    )
    const error = await failing.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SiteError)
    expect(error).toMatchObject({
      code: 'images-invalid',
      message: 'The build stopped at "images": 1 of 2 images could not be made.',
      hint: 'fix the image.',
      problems,
    })
    expect(ranAfter).toBe(false)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^ {2}images {6}failed after \d+ ms$/)
  })

  it('passes on an unexpected error as it is, so it prints as a bug with its stack', async () => {
    const bug = new TypeError('x is not a function')
    const lines: string[] = []
    await expect(
      runStages(
        [
          {
            name: 'search',
            run: async () => {
              throw bug
            },
          },
        ],
        undefined,
        (line) => lines.push(line),
      ),
    ).rejects.toBe(bug)
    expect(lines).toEqual([expect.stringMatching(/^ {2}search {6}failed after \d+ ms$/)])
  })
})
