import type { Plugin, ViteDevServer } from 'vite'
import type { SiteError } from '../lib/errors.ts'
import { catalogue } from '../model/catalogue.ts'
import { type Content, keepContent } from '../model/content/load.ts'
import { forgetContent, type RenderContext, renderContext } from '../model/context.ts'
import { productChoices } from '../model/menu.ts'
import { siteShell } from '../model/site-shell.ts'
import { errorPage } from './dev-error-page.ts'

/**
 * The modules made from the content, each as `export const <name> = <JSON>`:
 * - `virtual:site`, the shell every page needs (model/site-shell.ts), compiled into the first load
 *   so the header and footer need no fetch. Its size does not grow with the catalogue.
 * - `virtual:products`, every product as a form's product list offers it, and `virtual:catalogue`,
 *   every product with its facts: imported only with `import()`, so each is a chunk of its own that a
 *   page fetches when it needs the whole catalogue (docs/decisions.md, "A catalogue of any size").
 */
const MODULES: Record<string, { name: string; make: (ctx: RenderContext) => unknown }> = {
  'virtual:site': { name: 'site', make: siteShell },
  'virtual:products': { name: 'products', make: (ctx) => productChoices(ctx.content.products) },
  'virtual:catalogue': { name: 'catalogue', make: catalogue },
}
const resolved = (id: string) => `\0${id}`

/** Provides the modules made from the content (MODULES). */
export function sitePlugin(): Plugin[] {
  return [contentPlugin()]
}

function contentPlugin(): Plugin {
  const byResolved = new Map(Object.entries(MODULES).map(([id, module]) => [resolved(id), module]))
  return {
    name: 'site-content',
    resolveId: (id) => (Object.hasOwn(MODULES, id) ? resolved(id) : undefined),
    async load(id) {
      const module = byResolved.get(id)
      if (!module) return
      const value = JSON.stringify(module.make(await renderContext()))
      return `export const ${module.name} = ${value};\nexport default ${module.name};\n`
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
 * After content or images changed: forget the content everywhere (keeping `checked`, the content as
 * the dev server's check just read it, when given), drop the compiled content modules from every
 * environment's module graph, and reload the open pages.
 */
export function reloadContent(server: ViteDevServer, checked?: { dir: string; content: Content }): void {
  forgetContent()
  if (checked) keepContent(checked.dir, checked.content)
  for (const environment of Object.values(server.environments))
    for (const id of Object.keys(MODULES)) {
      const mod = environment.moduleGraph.getModuleById(resolved(id))
      if (mod) environment.moduleGraph.invalidateModule(mod)
    }
  server.ws.send({ type: 'full-reload' })
}
