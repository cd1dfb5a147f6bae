import type { Plugin } from 'vite'
import { renderContext, resetRenderContext } from '../../renderer/context.ts'
import { imageFor } from '../../renderer/images.ts'

const ID = 'virtual:site'
const RESOLVED = `\0${ID}`

/**
 * Provides `virtual:site`: the small, public part of the content every page's shell needs (company
 * details, menus, bases), compiled into the client bundle so the header and footer need no fetch.
 */
export function sitePlugin(): Plugin {
  return {
    name: 'site-content',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return
      const ctx = await renderContext()
      const { site } = ctx.content
      const shell = {
        company: site.company,
        contact: site.contact,
        offices: site.offices,
        apiBase: ctx.config.apiBase,
        apiTimeoutMs: ctx.config.apiTimeoutMs,
        storageBase: ctx.config.storageBase,
        assetBase: ctx.config.assetBase,
        siteUrl: ctx.config.siteUrl,
        analyticsId: ctx.config.analyticsId,
        products: ctx.content.products.map((p) => ({
          slug: p.slug,
          name: p.name,
          link: `/products/${p.slug}`,
          image: imageFor(ctx, p.headerImage),
        })),
        brochures: ctx.content.brochures,
      }
      return `export const site = ${JSON.stringify(shell)};\nexport default site;\n`
    },
    configureServer(server) {
      // Content and images change while an editor works: drop the cached context and reload.
      server.watcher.add(['content/**', '.cache/images/manifest.json'])
      server.watcher.on('change', (file) => {
        if (!/[\\/]content[\\/]|manifest\.json$/.test(file)) return
        resetRenderContext()
        const mod = server.moduleGraph.getModuleById(RESOLVED)
        if (mod) server.moduleGraph.invalidateModule(mod)
        server.ws.send({ type: 'full-reload' })
      })
    },
  }
}
