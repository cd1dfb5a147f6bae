import { describe, expect, it } from 'vitest'
import { formatProblems, isSiteError, type Problem, SiteError } from './errors.ts'

const problem = (over: Partial<Problem> = {}): Problem => ({
  file: 'content/products/szephyr.yaml',
  line: 3,
  col: 5,
  path: '/name',
  code: 'wrong-type',
  message: 'name must be text.',
  hint: 'Write the name in quotes.',
  ...over,
})

describe('SiteError', () => {
  it('is named SiteError and has no located problems unless given some', () => {
    const error = new SiteError('flag-invalid', 'The --port value is not a number.', 'Pass a number.')
    expect(error.name).toBe('SiteError')
    expect(error.problems).toEqual([])
    expect(String(error)).toBe('SiteError: The --port value is not a number.')
  })
})

describe('isSiteError', () => {
  it('knows a SiteError, also one made by another copy of the module', () => {
    expect(isSiteError(new SiteError('content-invalid', 'Content has problems.'))).toBe(true)
    // What a second copy of lib/errors.ts (Vite's SSR graph) throws: not this module's class.
    const copy = Object.assign(new Error('Content has problems.'), { name: 'SiteError', problems: [] })
    expect(isSiteError(copy)).toBe(true)
  })

  it.each([
    ['a plain Error, which is a bug', new Error('boom')],
    ['an Error of another name with a problems list', Object.assign(new TypeError('x'), { problems: [] })],
    [
      'an Error named SiteError without a problems list',
      Object.assign(new Error('x'), { name: 'SiteError' }),
    ],
    ['an object that only looks like one', { name: 'SiteError', message: 'x', problems: [] }],
    ['nothing', undefined],
  ])('takes %s for a bug', (_what, error) => {
    expect(isSiteError(error)).toBe(false)
  })
})

describe('formatProblems', () => {
  it('prints where, what and the fix, then the count of problems and files', () => {
    expect(formatProblems([problem(), problem({ line: 9, path: '', hint: '' })])).toBe(
      [
        'content/products/szephyr.yaml:3:5  /name',
        '  name must be text.',
        '  Fix: Write the name in quotes.',
        'content/products/szephyr.yaml:9:5',
        '  name must be text.',
        '2 problems in 1 file.',
      ].join('\n'),
    )
  })
})
