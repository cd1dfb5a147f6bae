import type { Plugin, ViteDevServer } from 'vite'
import type { SiteError } from '../lib/errors.ts'
import { forgetContent, renderContext } from '../renderer/context.ts'
import { siteShell } from '../renderer/site-shell.ts'
import { errorPage } from './dev-error-page.ts'

const ID = 'virtual:site'
const RESOLVED = `\0${ID}`

/**
 * Provides `virtual:site`: the shell every page needs (renderer/site-shell.ts), compiled into the
 * client bundle so the header and footer need no fetch.
 */
export function sitePlugin(): Plugin[] {
  return [contentPlugin()]
}

function contentPlugin(): Plugin {
  return {
    name: 'site-content',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return
      const shell = siteShell(await renderContext())
      return `export const site = ${JSON.stringify(shell)};\nexport default site;\n`
    },
  }
}

/**
 * In dev, a page request while the content has problems gets the problems (file:line:col, field, fix)
 * with status 500 instead of a stale page or Vike's bare error page. `problems` is what `site validate`
 * says now (the dev command keeps it current); `enforce: 'pre'` puts this handler before Vike's.
 */
export function devErrorPlugin(problems: () => Promise<SiteError | undefined>): Plugin {
  return {
    name: 'site-content-errors',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const page = req.method === 'GET' && isPageRequest(req.headers.accept, req.url ?? '/')
        if (!page) return next()
        problems().then(
          (error) => {
            if (!error) return next()
            res.statusCode = 500
            res.setHeader('Content-Type', 'text/html; charset=utf-8')
            res.setHeader('Cache-Control', 'no-store')
            res.end(errorPage(error))
          },
          () => next(),
        )
      })
    },
  }
}

/** A request for a page's HTML or its client-side navigation data, not for a script or an image. */
export function isPageRequest(accept: string | undefined, url: string): boolean {
  const pathname = url.split('?')[0] ?? '/'
  if (pathname.endsWith('.pageContext.json')) return true
  if (pathname.startsWith('/@') || pathname.startsWith('/node_modules/')) return false
  return Boolean(accept?.includes('text/html'))
}

/**
 * After content or images changed: forget the content everywhere, drop the compiled `virtual:site`
 * from every environment's module graph, and reload the open pages.
 */
export function reloadContent(server: ViteDevServer): void {
  forgetContent()
  for (const environment of Object.values(server.environments)) {
    const mod = environment.moduleGraph.getModuleById(RESOLVED)
    if (mod) environment.moduleGraph.invalidateModule(mod)
  }
  server.ws.send({ type: 'full-reload' })
}
