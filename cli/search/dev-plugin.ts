import type { Plugin } from 'vite'
import { renderContext } from '../../model/context.ts'
import { printError } from '../errors.ts'
import { indexPages, SEARCH_BASE } from './build-index.ts'
import { type SearchPage, searchPages } from './pages.ts'

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  json: 'application/json',
  pagefind: 'application/wasm',
}

/**
 * The search index of a running dev server: built from the pages the server renders on the first
 * request for `/pagefind/…`, kept until `invalidate()` (content changed), then built again on the
 * next request. A page reload after the change fetches the new index.
 */
export function devIndex(render: () => Promise<{ page: SearchPage; html: string }[]>) {
  let files: Promise<Map<string, Uint8Array>> | undefined
  let builds = 0
  const build = async () => {
    builds++
    const index = await indexPages(await render())
    return new Map(index.files.map((f) => [f.path, f.content]))
  }
  return {
    /** A file of the current index, or undefined when the index has no such file. */
    async file(name: string): Promise<Uint8Array | undefined> {
      files ??= build().catch((error: unknown) => {
        files = undefined
        throw error
      })
      return (await files).get(name)
    },
    invalidate() {
      files = undefined
    },
    get builds() {
      return builds
    },
  }
}

/**
 * `site dev` serves the site search too: `/pagefind/…` comes from an index of the dev server's own
 * pages, rebuilt after content changes (the site plugin reloads the page then).
 */
export function searchInDev(): Plugin {
  return {
    name: 'site-search-dev',
    apply: 'serve',
    configureServer(server) {
      const index = devIndex(async () => {
        const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
        if (!origin) throw new Error('the dev server has no local address to render the pages from')
        return Promise.all(
          searchPages(await renderContext()).map(async (page) => {
            const response = await fetch(`${origin}${page.route}`)
            return { page, html: await response.text() }
          }),
        )
      })
      server.watcher.on('change', (file) => {
        if (/[\\/]content[\\/]|manifest\.json$/.test(file)) index.invalidate()
      })
      server.middlewares.use(async (req, res, next) => {
        const url = req.url?.split('?')[0] ?? ''
        if (!url.startsWith(SEARCH_BASE)) return next()
        try {
          const name = decodeURIComponent(url.slice(SEARCH_BASE.length))
          const body = await index.file(name)
          if (!body) {
            res.statusCode = 404
            return res.end()
          }
          res.setHeader('Content-Type', TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream')
          res.setHeader('Cache-Control', 'no-store')
          res.end(body)
        } catch (error) {
          printError(error)
          res.statusCode = 503
          res.end('The search index could not be built; see the terminal running `site dev`.')
        }
      })
    },
  }
}
