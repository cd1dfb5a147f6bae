import type { Duplex } from 'node:stream'

/**
 * Writes a whole HTTP/1.1 answer straight to a socket and half-closes it, for what is answered before
 * (or instead of) Node's request handling: a request Node could not parse, a connection over its
 * client's share. JSON `{ error }`, never stored (`no-store`), the connection closed, and the headers
 * every answer carries (security headers, from the app).
 */
export function rawAnswer(
  socket: Duplex,
  answer: { status: number; reason: string; error: string },
  headers: readonly { name: string; value: string }[],
  extra: readonly string[] = [],
): void {
  const body = JSON.stringify({ error: answer.error })
  const lines = [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...extra,
    'Cache-Control: no-store',
    'Connection: close',
    ...headers.map(({ name, value }) => `${name}: ${value}`),
  ]
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`)
}
