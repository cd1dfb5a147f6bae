/**
 * The settings of `site serve`, read from its flags: what each refusal says. (The CLI's own test,
 * ../cli/commands/serve.test.ts, starts `site serve` with them.)
 */
import { describe, expect, it } from 'vitest'
import type { SiteError } from '../lib/errors.ts'
import { parseTrustProxy } from './serve-options.ts'

describe('--trust-proxy', () => {
  it('is off when not given, one proxy when bare, and a count when a number', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined()
    expect(parseTrustProxy(false)).toBeUndefined()
    expect(parseTrustProxy(true)).toBe(1)
    expect(parseTrustProxy(' 3 ')).toBe(3)
    expect(parseTrustProxy('10')).toBe(10)
  })

  it('refuses a count out of 1 to 10 with an example', () => {
    for (const value of ['0', '11']) {
      const error = catching(() => parseTrustProxy(value))
      expect(error.message).toBe(`--trust-proxy must be a whole number from 1 to 10, not "${value}".`)
      expect(error.hint).toBe('e.g. --trust-proxy 1')
    }
  })

  it('takes addresses and CIDR ranges, IPv4 and IPv6, up to the full prefix', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5')).toEqual(['10.0.0.0/8', '192.168.1.5'])
    expect(parseTrustProxy('10.0.0.1/32,fd00::/128,fd00::/64')).toEqual([
      '10.0.0.1/32',
      'fd00::/128',
      'fd00::/64',
    ])
  })

  it.each([
    'proxy.local',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/8/1',
    '10.0.0.0/x8',
    '10.0.0.0/8x',
    '10.0.0.0/',
    '1.2.3',
  ])('refuses "%s", naming it', (entry) => {
    const error = catching(() => parseTrustProxy(`127.0.0.1,${entry}`))
    expect(error.code).toBe('bad-flag')
    expect(error.message).toBe(
      `--trust-proxy "${entry}" is neither a number of proxies nor an IP address or range.`,
    )
    expect(error.hint).toBe(
      'give the number of proxies in front (e.g. --trust-proxy 1) or their addresses (e.g. --trust-proxy 10.0.0.0/8,192.168.1.5).',
    )
  })
})

function catching(f: () => unknown): SiteError {
  try {
    f()
  } catch (error) {
    return error as SiteError
  }
  throw new Error('nothing was thrown')
}
