import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A TCP port on 127.0.0.1 that nothing listens on right now, for a server started by another process. */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
