import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ApiAnswer } from '../lib/api-messages.ts'

/**
 * Writes a whole HTTP/1.1 answer straight to a socket and half-closes it, for what is answered before
 * (or instead of) Node's request handling: a request Node could not parse, a connection over its
 * client's share. JSON `{ error }`, never stored (`no-store`), the connection closed, and the headers
 * every answer carries (security headers, from the app).
 */
export function rawAnswer(
  socket: Duplex,
  answer: ApiAnswer,
  headers: readonly { name: string; value: string }[],
  extra: readonly string[] = [],
): void {
  const body = JSON.stringify(answer.body)
  const lines = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...extra,
    'Cache-Control: no-store',
    'Connection: close',
    ...headers.map(({ name, value }) => `${name}: ${value}`),
  ]
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`)
}
