import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import type { SiteError } from '../../lib/errors.ts'
import { wholeNumber } from '../../lib/flags.ts'
import { register as registerBrochures } from './brochures.ts'
import { register as registerDev } from './dev.ts'

/** Runs one `site` command line and returns what it threw. */
async function refusal(register: (program: Command) => void, args: string[]): Promise<SiteError> {
  const program = new Command('site').exitOverride()
  register(program)
  return (await program.parseAsync(args, { from: 'user' }).catch((e: unknown) => e)) as SiteError
}

describe('numeric flags are refused with the flag, the range and an example, before anything starts', () => {
  it.each([
    [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc".'],
    [['--port', '99999'], '--port must be a whole number from 0 to 65535, not "99999".'],
  ])('site dev %j', async (args, message) => {
    const error = await refusal(registerDev, ['dev', ...args])
    expect(error.message).toBe(message)
    expect(error.hint).toBe('e.g. --port 3000')
  })

  it.each([
    [['--timeout', 'soon'], '--timeout must be a whole number from 1 to 600000, not "soon".'],
    [['--timeout', '0'], '--timeout must be a whole number from 1 to 600000, not "0".'],
  ])('site brochures check %j', async (args, message) => {
    const error = await refusal(registerBrochures, ['brochures', 'check', ...args])
    expect(error.message).toBe(message)
    expect(error.hint).toBe('e.g. --timeout 20000')
  })
})

describe('wholeNumber', () => {
  it('takes a whole number within the range, its ends included, around spaces', () => {
    expect(wholeNumber('0', '--port', 0, 65535, '8080')).toBe(0)
    expect(wholeNumber('65535', '--port', 0, 65535, '8080')).toBe(65535)
    expect(wholeNumber(' 42 ', '--port', 0, 65535, '8080')).toBe(42)
  })

  it.each([
    '4.5',
    '-1',
    '1e3',
    '12abc',
    'abc12',
    '',
    '0x10',
    '99999999999999999999',
  ])('refuses "%s" with a bad-flag error', (value) => {
    const error = (() => {
      try {
        wholeNumber(value, '--rate-limit', 0, Number.MAX_SAFE_INTEGER, '60')
      } catch (e) {
        return e as SiteError
      }
    })()
    expect(error?.code).toBe('bad-flag')
    expect(error?.message).toBe(
      `--rate-limit must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, not "${value}".`,
    )
  })
})
