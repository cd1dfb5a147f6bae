// A deliberately plain static host for browser tests: serves files with clean URLs and 404.html for
// anything unknown, like the simplest CDN. No _redirects, no _headers, no API: the site must cope.
// With --gzip it compresses text as every CDN does (the benchmark measures pages as visitors get them).
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { createGzip } from 'node:zlib'

const gzip = process.argv.includes('--gzip')
const [root = 'dist/client', port = '4319'] = process.argv.slice(2).filter((a) => a !== '--gzip')
const base = path.resolve(root)
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
}

async function file(p) {
  const info = await stat(p).catch(() => undefined)
  return info?.isFile() ? p : undefined
}

async function resolve(urlPath) {
  const clean = decodeURIComponent(urlPath).replace(/\/+$/, '') || '/'
  const target = path.join(base, clean)
  if (!target.startsWith(base)) return undefined
  if (clean === '/') return file(path.join(base, 'index.html'))
  return (
    (await file(target)) ?? (await file(`${target}.html`)) ?? (await file(path.join(target, 'index.html')))
  )
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const found = await resolve(url.pathname)
    const served = found ?? path.join(base, '404.html')
    const type = types[path.extname(served)] ?? 'application/octet-stream'
    const compress =
      gzip && /text|javascript|json|xml|svg/.test(type) && /gzip/.test(req.headers['accept-encoding'] ?? '')
    res.writeHead(found ? 200 : 404, {
      'content-type': type,
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
    })
    const stream = createReadStream(served)
    if (compress) stream.pipe(createGzip()).pipe(res)
    else stream.pipe(res)
  })
  .listen(Number(port), '127.0.0.1')
