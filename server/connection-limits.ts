import type { Server } from 'node:http'
import { BlockList, isIP, type Socket } from 'node:net'
import { API_MESSAGES, apiAnswer } from '../lib/api-messages.ts'
import { clientKey, unmappedIPv4 } from './client-address.ts'
import { rawAnswer } from './raw-answer.ts'

/** The sockets refused for being over their client's share: their requests are never handled. */
const refused = new WeakSet<Socket>()

/** Whether a connection was refused by {@link limitConnectionsPerClient} (its request is not handled). */
export const isRefusedConnection = (socket: Socket) => refused.has(socket)

export interface PerClientOptions {
  /** Open connections one client (an IPv4 address, an IPv6 /64) may hold; more get 429 at once. */
  perClient: number
  /**
   * The proxies `--trust-proxy` names: their connections carry many clients, so they are not capped
   * (a hop count means every connection comes from a proxy: nothing is capped).
   */
  trustProxy: number | readonly string[] | undefined
  /** The headers every answer carries (the security headers of `_headers`). */
  headers: () => readonly { name: string; value: string }[]
}

/** Whether a socket's address is one of the trusted proxies' addresses or ranges. */
function trustedProxies(
  trustProxy: PerClientOptions['trustProxy'],
): (address: string | undefined) => boolean {
  if (trustProxy === undefined) return () => false
  if (typeof trustProxy === 'number') return () => true
  const list = new BlockList()
  for (const entry of trustProxy) {
    const [address = '', bits] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return (address) => {
    if (!address) return false
    const plain = unmappedIPv4(address) ?? address
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4')
  }
}

/**
 * Caps the connections one client holds open, so no client can take every slot of the server's
 * connection cap (idle keep-alive sockets, a slowloris loop) and lock the others out. A connection over
 * its client's share is answered 429 with Retry-After at once and closed; whatever it sends is not
 * handled (the app checks {@link isRefusedConnection} first).
 */
export function limitConnectionsPerClient(server: Server, options: PerClientOptions): void {
  const trusted = trustedProxies(options.trustProxy)
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    if (trusted(socket.remoteAddress)) return
    const key = clientKey(socket.remoteAddress)
    const count = (open.get(key) ?? 0) + 1
    if (count > options.perClient) {
      refused.add(socket)
      socket.on('error', () => {})
      // Half-closed: the answer reaches the client, and what it still sends is read and dropped.
      rawAnswer(socket, apiAnswer(API_MESSAGES.TooManyConnections, options), options.headers(), [
        'Retry-After: 5',
      ])
      return
    }
    open.set(key, count)
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1
      if (left > 0) open.set(key, left)
      else open.delete(key)
    })
  })
}
