/**
 * `virtual:site`: the shell every page needs, made from the content at build time
 * (vite/site-plugin.ts). tsconfig.json maps the module name to this file; its type is
 * model/site-shell.ts's, written once.
 */
import type { SiteShell } from '../model/site-shell.ts'

export declare const site: SiteShell
export default site
