import { existsSync, readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type HeaderRule, headersFor, parseHeadersFile } from './headers-file.ts'
import { findRedirect, parseRedirectsFile, type RedirectRule } from './redirects-file.ts'

export interface StaticOptions {
  /** The built site, e.g. dist/client. */
  root: string
  /** Where to say that lines of `_redirects` were skipped. */
  warn?: (line: string) => void
}

/** The caching of every 404, whatever `_headers` says for the path. */
export const NOT_FOUND_CACHE = 'no-store'

/**
 * The caching of what `_headers` gives none (a redirect, `sitemap.xml`, a brochure): a cache may keep
 * it but asks first, as for pages, so a release shows at once.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

/** Files of the build that configure the host and are never served themselves. */
const HOST_FILES = new Set(['_headers', '_redirects'])

/**
 * Turns a URL path into the files that may answer it, in order: the file itself, then the clean-URL
 * forms `<path>/index.html` and `<path>.html`. Returns undefined for paths that must not reach the disk
 * (undecodable, `..`, an encoded `/` or `\`, hidden files, the host files).
 */
export function candidateFiles(urlPath: string): string[] | undefined {
  let segments: string[]
  try {
    segments = urlPath.split('/').map(decodeURIComponent)
  } catch {
    return undefined
  }
  const names = segments.filter((s) => s !== '')
  for (const name of names)
    if (
      name === '..' ||
      // `%2f` decoded: a slash inside one segment would let `x%2f..%2f_headers` walk past this check.
      name.includes('/') ||
      name.includes('\0') ||
      name.includes('\\') ||
      (name.startsWith('.') && name !== '.well-known')
    )
      return undefined
  if (names.length === 1 && HOST_FILES.has(names[0] as string)) return undefined
  const base = names.join('/')
  if (base === '') return ['index.html']
  const dirForm = `${base}/index.html`
  const htmlForm = `${base}.html`
  return urlPath.endsWith('/') ? [dirForm, htmlForm] : [base, dirForm, htmlForm]
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/** The first candidate that is a file under `root`, relative to it. */
export async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  for (const candidate of candidateFiles(urlPath) ?? [])
    if (await isFile(path.join(root, candidate))) return candidate
  return undefined
}

const readOptional = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '')

/**
 * Serves the built site as a CDN would: clean URLs, `_headers`, `_redirects` for paths that match no
 * file (or every path, for `301!` rules) and `404.html` with status 404. Only GET and HEAD; other
 * methods get 405. The `_headers` and `_redirects` files are read once, at start.
 */
export async function registerStatic(
  app: FastifyInstance,
  options: StaticOptions,
): Promise<{
  notFound: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>
  everywhere: readonly { name: string; value: string }[]
}> {
  const root = path.resolve(options.root)
  const headerRules = parseHeadersFile(readOptional(path.join(root, '_headers')))
  const redirects = parseRedirectsFile(readOptional(path.join(root, '_redirects')))
  for (const line of redirects.skipped) options.warn?.(line)

  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    dotfiles: 'allow',
    index: false,
  })

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const [urlPath = '/', query] = splitUrl(request.url)
      return serveFile(reply, urlPath, query, root, headerRules, redirects.rules)
    },
  })

  // A text body is sent as `text/plain; charset=utf-8` by Fastify itself (checked in static-serve.test.ts).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'GET, HEAD').send('Method Not Allowed')
  // Answer in onRequest, before any body is read.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    onRequest: notAllowed,
    handler: notAllowed,
  })

  return {
    /**
     * The headers `_headers` gives every path (its `/*` rules), caching aside: the security headers,
     * which an answer that is not a file (a redirect, an error, an API answer) should carry too.
     */
    everywhere: [
      ...headersFor(
        headerRules.filter((rule) => rule.path === '/*'),
        '/',
      ).values(),
    ].filter(({ name }) => name.toLowerCase() !== 'cache-control'),
    /** For requests no route takes: other methods, or a file that vanished between stat and send. */
    notFound: async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return notAllowed(request, reply)
      return notFound(reply, root, headerRules, splitUrl(request.url)[0] ?? '/')
    },
  }
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?')
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)]
}

function applyHeaders(reply: FastifyReply, rules: readonly HeaderRule[], urlPath: string) {
  for (const { name, value } of headersFor(rules, urlPath).values()) reply.header(name, value)
}

async function serveFile(
  reply: FastifyReply,
  urlPath: string,
  query: string,
  root: string,
  headerRules: readonly HeaderRule[],
  redirects: readonly RedirectRule[],
): Promise<FastifyReply> {
  const forced = findRedirect(redirects, urlPath, true)
  if (forced) return follow(reply, forced.rule, forced.target, query, root, headerRules, urlPath)

  const file = await resolveFile(root, urlPath)
  // The not-found page at its own address is still "not found": a 200 would let it be indexed and cached.
  if (file === '404.html') return notFound(reply, root, headerRules, urlPath)
  if (file) {
    applyHeaders(reply, headerRules, urlPath)
    return reply.sendFile(file)
  }

  const found = findRedirect(redirects, urlPath)
  if (found) return follow(reply, found.rule, found.target, query, root, headerRules, urlPath)
  return notFound(reply, root, headerRules, urlPath)
}

async function follow(
  reply: FastifyReply,
  rule: RedirectRule,
  target: string,
  query: string,
  root: string,
  headerRules: readonly HeaderRule[],
  urlPath: string,
): Promise<FastifyReply> {
  if (rule.status === 200 || rule.status === 404) {
    const file = await resolveFile(root, target.split('?')[0] ?? target)
    if (!file) return notFound(reply, root, headerRules, urlPath)
    applyHeaders(reply, headerRules, urlPath)
    if (rule.status === 404) reply.code(404).header('cache-control', NOT_FOUND_CACHE)
    return reply.sendFile(file)
  }
  const location = query && !target.includes('?') ? target + query : target
  return reply.redirect(location, rule.status)
}

async function notFound(
  reply: FastifyReply,
  root: string,
  headerRules: readonly HeaderRule[],
  urlPath: string,
): Promise<FastifyReply> {
  applyHeaders(reply, headerRules, urlPath)
  // Never the path's own caching (a year, immutable, for /assets/*): a file missing during a deploy
  // would stay missing in browsers and shared caches after it arrives.
  reply.code(404).header('cache-control', NOT_FOUND_CACHE)
  try {
    // Read on each miss: `site build` may replace dist/ while the server runs.
    const page = await readFile(path.join(root, '404.html'))
    return reply.type('text/html; charset=utf-8').send(page)
  } catch {
    return reply.send('Not Found')
  }
}
