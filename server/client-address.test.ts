import { expect, it } from 'vitest'
import { clientKey } from './client-address.ts'

it('counts an IPv4 client by its address, mapped or not', () => {
  expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
  expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7')
})

it('counts an IPv6 client by its /64, however the address is written (issue #32)', () => {
  const network = '2001:db8:1:2::/64'
  for (const address of [
    '2001:db8:1:2::1',
    '2001:db8:1:2:ffff:ffff:ffff:ffff',
    '2001:0db8:0001:0002:0000:0000:0000:0009',
    '2001:DB8:1:2:a:b:c:d',
    '2001:db8:1:2::1.2.3.4',
    'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
  ])
    expect(clientKey(address), address).toBe(network)
  expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
  expect(clientKey('::1')).toBe('0:0:0:0::/64')
  expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64')
})

it('keeps anything else as it is', () => {
  expect(clientKey(undefined)).toBe('unknown')
  expect(clientKey('')).toBe('unknown')
  expect(clientKey('not an address')).toBe('not an address')
})
