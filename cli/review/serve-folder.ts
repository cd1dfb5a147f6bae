import { createReadStream } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { resolveFile } from '../../server/static.ts'

/** A site folder served over http for the review's browser, and how to stop it. */
export interface ServedFolder {
  origin: string
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
}

/**
 * Serves a built site from a port the system picks on 127.0.0.1, as the plainest static host does:
 * clean URLs (`/aboutus`, `/aboutus/`, `/customercare.html`), resolved as `site serve` resolves them
 * (`resolveFile`, server/static.ts, which the shot cache uses too), and `404.html` for anything else.
 * No `_headers` (no CSP, no caching rules): the review looks at pages, and each side must be served
 * the same way.
 */
export async function serveFolder(root: string): Promise<ServedFolder> {
  const base = path.resolve(root)
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    resolveFile(base, pathname)
      .catch(() => undefined)
      .then((found) => {
        const file = path.join(base, found ?? '404.html')
        response.writeHead(found ? 200 : 404, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        })
        createReadStream(file)
          .on('error', () => response.end())
          .pipe(response)
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
