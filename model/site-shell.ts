import type { RenderContext } from './context.ts'
import { productsMenu } from './menu.ts'

/**
 * The small, public part of the content every page's shell needs (company details, contact, menus,
 * bases), which the build compiles into the client bundle as `virtual:site` (vite/site-plugin.ts) so
 * the header and footer need no fetch. Its type is the one `virtual:site` declares (types/).
 */
export function siteShell(ctx: RenderContext) {
  const { site } = ctx.content
  return {
    company: site.company,
    contact: site.contact,
    offices: site.offices,
    apiBase: ctx.config.apiBase,
    apiTimeoutMs: ctx.config.apiTimeoutMs,
    storageBase: ctx.config.storageBase,
    assetBase: ctx.config.assetBase,
    siteUrl: ctx.config.siteUrl,
    analyticsId: ctx.config.analyticsId,
    /** The Products menu: every product, or past MENU_LIMIT products every category (model/menu.ts). */
    menu: productsMenu(ctx),
  }
}

export type SiteShell = ReturnType<typeof siteShell>
