import type { Plugin, ViteDevServer } from 'vite'
import type { SiteError } from '../lib/errors.ts'
import { type Content, keepContent } from '../model/content/load.ts'
import { forgetContent, type RenderContext, renderContext } from '../model/context.ts'
import { DATA_FOLDER, dataFileAt, dataFiles } from '../model/data-files.ts'
import { siteShell } from '../model/site-shell.ts'
import { errorPage } from './dev-error-page.ts'

/**
 * The module made from the content, as `export const <name> = <JSON>`: `virtual:site`, the shell every
 * page needs (model/site-shell.ts), compiled into the first load so the header and footer need no
 * fetch. Its size does not grow with the catalogue. The whole catalogue and the products' list are
 * data files a page fetches (model/data-files.ts), not modules: content in a chunk would change the
 * bundle, and so every page, whenever a product's facts or name change.
 */
const MODULES: Record<string, { name: string; make: (ctx: RenderContext) => unknown }> = {
  'virtual:site': { name: 'site', make: siteShell },
}
const resolved = (id: string) => `\0${id}`

/** A content module's source, as the bundle compiles it. */
const moduleSource = (name: string, value: unknown) =>
  `export const ${name} = ${JSON.stringify(value)};\nexport default ${name};\n`

/**
 * Every content module's source for this render context, in one string: what the bundle compiles in.
 * The build hashes it to know whether the last bundle can be reused (cli/build/build-cache.ts).
 */
export function contentModules(ctx: RenderContext): string {
  return Object.entries(MODULES)
    .map(([id, module]) => `// ${id}\n${moduleSource(module.name, module.make(ctx))}`)
    .join('\n')
}

/** Provides the modules made from the content (MODULES), and in dev the data files (model/data-files.ts). */
export function sitePlugin(): Plugin[] {
  return [contentPlugin(), dataFilesPlugin()]
}

/** `site dev` serves the data files a page names, made from the content as it is now. */
function dataFilesPlugin(): Plugin {
  return {
    name: 'site-data-files',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(`/${DATA_FOLDER}/`)) return next()
        renderContext().then(
          (ctx) => {
            const file = dataFileAt(dataFiles(ctx), req.url ?? '')
            if (!file) return next()
            res.setHeader('Content-Type', 'application/json; charset=utf-8')
            res.setHeader('Cache-Control', 'no-store')
            res.end(file.json)
          },
          () => next(),
        )
      })
    },
  }
}

function contentPlugin(): Plugin {
  const byResolved = new Map(Object.entries(MODULES).map(([id, module]) => [resolved(id), module]))
  return {
    name: 'site-content',
    resolveId: (id) => (Object.hasOwn(MODULES, id) ? resolved(id) : undefined),
    async load(id) {
      const module = byResolved.get(id)
      if (!module) return
      return moduleSource(module.name, module.make(await renderContext()))
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
