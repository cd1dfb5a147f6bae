import { readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { type Content, keepContent } from '../../model/content/load.ts'
import { renderFrom } from '../../model/context.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { setPrerenderPass } from '../../model/prerender-batch.ts'
import { keepBundle, restoreBundle } from './build-cache.ts'
import { paintFirstSite } from './paint-first.ts'
import { renderPages } from './render-pages.ts'
import type { Staging } from './staging.ts'

/**
 * Writes the site's pages into the staging folder and counts them: with a kept bundle, the routes
 * given are rendered from it (render-pages.ts); otherwise Vike builds and pre-renders every page (the
 * equivalent of `vike build`) and the new bundle is kept. The bundler's warnings and timing reports show with `verbose` only; Vike's
 * list of every file it wrote is printed only when the build fails.
 *
 * `passes` (model/prerender-batch.ts, prerenderPasses): Vike holds every page of a pre-render in
 * memory until it ends, so a large catalogue is pre-rendered in passes, each writing its share of the
 * pages with a parameter (products, enquiries, brochures) and the twenty-odd pages without one again
 * (the same files). The shipped content takes one pass.
 */
export async function prerender(
  paths: ProjectPaths,
  staging: Staging,
  options: {
    verbose?: boolean
    passes?: number
    content?: Content
    /**
     * The bundle: reuse one the cache kept (build-cache.ts) and render `routes` from it through Vike's
     * server runtime (render-pages.ts), or bundle anew, have Vike pre-render every page and keep the
     * bundle under its key for the next build. Without it, bundle, pre-render and keep nothing.
     */
    bundle?: { reuse: string; routes: readonly string[] } | { keep: string }
    /**
     * Called once the pages this pre-render writes are in the staging folder as they will ship (the
     * search index begun beside a partial build reads them then); with a kept bundle, that is before
     * its other files are put in place.
     */
    written?: () => void
  } = {},
): Promise<{ pages: number }> {
  // Page data runs from the server bundle (the staging folder's server/, or the kept bundle's in the
  // cache): it reads this project's content, which is `content` when given (what validate just checked,
  // drafts included), not read again.
  renderFrom({ root: paths.root, drafts: false })
  if (options.content) keepContent(paths.content, options.content)
  const bundle = options.bundle
  if (bundle && 'reuse' in bundle) {
    // From the kept bundle's own folder, named by its key: a module Node loaded from there earlier in
    // this process is this bundle's, which a path reused by every build (the staging folder) cannot promise.
    await renderPages(path.join(bundle.reuse, 'server'), staging.client, bundle.routes)
    // The pages are finished before the bundle's client files are put beside them (their modules are
    // read from the kept bundle), so whatever waits for the pages (the search index, at 1,000
    // products) does not wait for those copies too (0.6 s). A file of public/ at a page's path does
    // not replace the page (build-cache.ts, copyInto), as in Vike's own build.
    const pages = await finishPages(staging, path.join(bundle.reuse, 'assets'), options.written)
    await restoreBundle(bundle.reuse, staging, paths.public)
    return pages
  }
  const passes = options.passes ?? 1
  const api = await import('vike/api')
  const viteConfig = {
    root: paths.root,
    logLevel: options.verbose ? ('info' as const) : ('error' as const),
    build: {
      outDir: staging.root,
      rolldownOptions: { checks: { bundlerTimings: options.verbose ?? false } },
    },
  }
  // Vike lists every file it writes with console.log and offers no setting for it: held back here, and
  // printed only when something goes wrong.
  const captured: unknown[][] = []
  const log = console.log
  if (!options.verbose) console.log = (...args: unknown[]) => captured.push(args)
  try {
    // The server bundle stays for every pass (Vike would remove it after the first), and goes after the last.
    await api.build({
      viteConfig,
      vikeConfig: { prerender: { disableAutoRun: true, keepDistServer: true } },
    })
    if (bundle) await keepBundle(paths, bundle.keep, staging)
    for (let index = 0; index < passes; index++) {
      setPrerenderPass(passes > 1 ? { index, count: passes } : undefined)
      // A pass leaves pages of each kind to the others: partial.
      await api.prerender({
        viteConfig,
        vikeConfig: { prerender: { partial: passes > 1, keepDistServer: true } },
      })
      // V8 grows the heap rather than collect while memory is plentiful: without this, the passes'
      // pages, unreachable once a pass ends, pile up as if there had been one pass.
      if (passes > 1) collectGarbage()
    }
    await rm(path.join(staging.root, 'server'), { recursive: true, force: true })
    // Vite's scratch folder for its manifest, left empty once Vike has read it: nothing to deploy.
    await rm(path.join(staging.client, '.vite'), { recursive: true, force: true })
  } catch (error) {
    for (const args of captured) log(...args)
    throw error
  } finally {
    console.log = log
    setPrerenderPass(undefined)
  }
  return finishPages(staging, path.join(staging.client, 'assets'), options.written)
}

/**
 * What every pre-render ends with, however its pages were rendered; counts the pages. `assets` is the
 * folder served as /assets/, where the pages' modules are; `written` hears when the pages are final.
 */
async function finishPages(
  staging: Staging,
  assets: string,
  written?: () => void,
): Promise<{ pages: number }> {
  await flattenHtmlRoutes(staging.client)
  // Every page paints from HTML and CSS alone before it asks for any JavaScript (docs/decisions.md).
  await paintFirstSite(staging.client, assets)
  written?.()
  // What the render held is garbage now: collected before the search stage adds Pagefind's memory to
  // the build's (about 50 MB less at the peak at a thousand products).
  collectGarbage()
  return { pages: await countHtml(staging.client) }
}

/**
 * A full garbage collection now. Node offers `gc()` only to a process started with `--expose-gc`; the
 * flag can be set later, and a new context then sees the function.
 */
function collectGarbage(): void {
  try {
    setFlagsFromString('--expose-gc')
    ;(runInNewContext('gc') as () => void)()
  } catch {
    // A runtime without it only uses more memory.
  }
}

/**
 * Vike writes the route `/customercare.html` as `customercare.html/index.html`; a static host must
 * find the file `customercare.html`. Nothing links to such routes inside the site, so their
 * `.pageContext.json` (used only for client-side navigation) is not needed and goes with the folder.
 */
export async function flattenHtmlRoutes(client: string): Promise<string[]> {
  const moved: string[] = []
  for (const entry of await readdir(client, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.endsWith('.html')) continue
    const folder = path.join(client, entry.name)
    const index = path.join(folder, 'index.html')
    if (!(await stat(index).catch(() => undefined))?.isFile()) continue
    const temp = `${folder}.flatten`
    await rename(index, temp)
    await rm(folder, { recursive: true })
    await rename(temp, folder)
    moved.push(entry.name)
  }
  return moved
}

async function countHtml(dir: string): Promise<number> {
  let n = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.html')) n++
  return n
}
