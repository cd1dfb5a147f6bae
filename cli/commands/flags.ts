import { isIP } from 'node:net'
import { SiteError } from '../../lib/errors.ts'

/** A whole number in [min, max], or a SiteError naming the flag. */
export function intFlag(value: string, flag: string, min: number, max: number, example: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
    throw new SiteError(
      'bad-flag',
      `${flag} must be a whole number from ${min} to ${max}, not "${value}".`,
      `e.g. ${flag} ${example}`,
    )
  return n
}

/**
 * `--trust-proxy`: what to trust in X-Forwarded-For. A hop count (`1`: one proxy in front, so the
 * client is the address it appended, the rightmost) or the proxies' addresses and CIDR ranges
 * (`10.0.0.0/8,192.0.2.10`: the client is the rightmost address that is not one of them). Never the
 * leftmost entry, which the client writes itself.
 */
export function trustProxyFlag(value: string): number | string[] {
  const text = value.trim()
  if (/^\d+$/.test(text)) return intFlag(text, '--trust-proxy', 1, 10, '1')
  const addresses = text.split(',').map((part) => part.trim())
  const bad = addresses.find((address) => {
    const [ip = '', bits, ...rest] = address.split('/')
    const family = isIP(ip)
    if (!family || rest.length > 0) return true
    if (bits === undefined) return false
    return !/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128)
  })
  if (bad !== undefined || addresses.length === 0)
    throw new SiteError(
      'bad-flag',
      `--trust-proxy takes the number of proxies in front of the server or their addresses, not "${value}".`,
      'e.g. --trust-proxy 1 (one nginx or load balancer in front) or --trust-proxy 10.0.0.0/8,192.0.2.10',
    )
  return addresses
}
