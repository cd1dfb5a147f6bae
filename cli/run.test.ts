import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SiteError } from '../lib/errors.ts'
import { printError } from './errors.ts'
import { createProgram, run } from './index.ts'

let printed: string[] = []
let exitCode: typeof process.exitCode

beforeEach(() => {
  printed = []
  exitCode = process.exitCode
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '))
  })
})

afterEach(() => {
  process.exitCode = exitCode
  vi.restoreAllMocks()
})

describe('site run: what a person sees when a command fails', () => {
  it('prints the message and the fix, no stack, and exits with 1', async () => {
    await run(['node', 'site', 'brochures', 'check', '--timeout', 'soon'])
    expect(printed).toEqual([
      '--timeout must be a whole number from 1 to 600000, not "soon".',
      'Fix: e.g. --timeout 20000',
    ])
    expect(process.exitCode).toBe(1)
  })

  it.each([
    [['--debug', 'brochures', 'check', '--timeout', 'soon']],
    [['brochures', 'check', '--timeout', 'soon', '--debug']],
  ])('adds the stack with --debug (%j)', async (args) => {
    await run(['node', 'site', ...args])
    expect(printed.slice(0, 2)).toEqual([
      '--timeout must be a whole number from 1 to 600000, not "soon".',
      'Fix: e.g. --timeout 20000',
    ])
    expect(printed[2]).toMatch(/^SiteError: --timeout must be .*\n\s+at /)
    expect(printed).toHaveLength(3)
    expect(process.exitCode).toBe(1)
  })
})

describe('printError', () => {
  it('lists the located problems before the message, and gives no Fix line without a hint', () => {
    printError(
      new SiteError('content-invalid', 'The content has problems.', undefined, [
        { file: 'content/site.yaml', line: 3, col: 1, path: '', code: 'bad', message: 'Bad.', hint: 'Good.' },
      ]),
    )
    expect(printed).toEqual([
      'content/site.yaml:3:1\n  Bad.\n  Fix: Good.\n1 problem in 1 file.',
      'The content has problems.',
    ])
  })

  it('says an error that is not a SiteError is a bug in the tool, with its stack', () => {
    const error = new TypeError('x is undefined')
    printError(error)
    expect(printed[0]).toBe(
      'The site CLI hit an unexpected error. This is a bug in the tool, not in your content:',
    )
    expect(printed[1]).toBe(error.stack)
    expect(printed[1]).toMatch(/\n\s+at /)
  })

  it('prints the message of an error without a stack, and a thrown value as text', () => {
    const error = new Error('no stack here')
    Reflect.deleteProperty(error, 'stack')
    printError(error)
    printError('a plain string')
    expect(printed).toEqual([
      'The site CLI hit an unexpected error. This is a bug in the tool, not in your content:',
      'no stack here',
      'The site CLI hit an unexpected error. This is a bug in the tool, not in your content:',
      'a plain string',
    ])
  })
})

describe('site --help', () => {
  it('names the program and lists every command after a mistake', () => {
    const program = createProgram()
    expect(program.name()).toBe('site')
    let help = ''
    program.configureOutput({
      writeErr: (text) => {
        help += text
      },
      writeOut: () => {},
    })
    program.exitOverride()
    expect(() => program.parse(['node', 'site', 'valdate'])).toThrow()
    expect(help).toContain(
      '(commands: validate, new, images, brochures, build, verify, review, dev, schemas, serve, submissions; `site <command> --help` explains one)',
    )
  })
})
