import { isIPv4, isIPv6 } from 'node:net'

/** The eight 16-bit groups of an IPv6 address, its `::` filled in and an IPv4 tail converted. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? ''
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]
  if (tail) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number)
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', rest] = text.split('::')
  const left = head ? head.split(':') : []
  const right = rest ? rest.split(':') : []
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  const groups = [...left, ...fill, ...right].map((group) => Number.parseInt(group, 16))
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`), if it is one. */
export function unmappedIPv4(address: string): string | undefined {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
}

/**
 * Who a client is, for counting what it may take (requests per minute, open connections): an IPv4
 * address as it is (an IPv4-mapped IPv6 address too), and an IPv6 address by its /64 network. A
 * single IPv6 host is normally given a whole /64 (SLAAC, RFC 7421), so counting each address would
 * give one machine 2^64 allowances.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown'
  const mapped = unmappedIPv4(address)
  if (mapped && isIPv4(mapped)) return mapped
  if (!isIPv6(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
