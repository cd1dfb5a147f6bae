import { ERRORS, plural, siteError } from '../../lib/errors.ts'
import { buildConfig } from '../../model/config.ts'
import type { Content } from '../../model/content/load.ts'
import type { RenderContext } from '../../model/context.ts'
import type { ManifestEntry } from '../../model/images.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import type { IndexSummary } from '../search/build-index.ts'
import { bytes } from '../timing.ts'
import type { SearchReport } from '../verify/search.ts'
import type { VerifyReport } from '../verify/verify.ts'
import type { BuildPlan } from './build-cache.ts'
import type { Stage } from './run-stages.ts'
import type { Staging } from './staging.ts'

/** What `site build` was asked to do. */
export interface BuildOptions {
  /** Encode every image again, ignoring the cache. */
  forceImages: boolean
  /** Refuse what must not go live (docs/releasing.md). */
  release: boolean
  /** Skip the outbound links (a release checks them unless this is set). */
  offline: boolean
  /** Print what the bundler says (warnings, timings); quiet otherwise. */
  verbose: boolean
  /** Build everything again, taking over nothing from the last build (build-cache.ts). */
  full: boolean
}

/** One build as the stages see it: where things are, what was asked, and what earlier stages found. */
export interface BuildRun {
  paths: ProjectPaths
  options: BuildOptions
  /** Where this build writes; promoted to dist/ only when every stage has passed. */
  staging: Staging
  /** Set by `validate`: the published content (no drafts). */
  content?: Content
  /** Set by `validate`: the content it checked, drafts included, for the pages to render. */
  validated?: Content
  /** Set by `images`: the encoded images of the published content. */
  images?: Record<string, ManifestEntry>
  /** Set by `verify`. */
  report?: VerifyReport & { links?: { checked: number; cached: number } }
  /** Set by `search`: what its check of the index found that stops nothing (ranking quirks). */
  searchWarnings?: SearchReport['warnings']
  /** Set by `pre-render`: what it took over from the last build, recorded for the next one once promoted. */
  plan?: BuildPlan
  /**
   * Set by `pre-render` when it renders only part of the site: the search index, begun beside the
   * render from the pages taken over (site-index.ts, `PageSources`); the search stage finishes it.
   */
  indexing?: Promise<IndexSummary>
}

/** A promise and the means to settle it from outside (Node 20 has no `Promise.withResolvers`). */
function settleable() {
  let resolve: () => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  // A rejection nobody waits for (the index finished early, or was never begun) is not unhandled.
  promise.catch(() => {})
  return { promise, resolve, reject }
}

/**
 * Begins the search index beside a pre-render that renders only part of the site: Pagefind indexes
 * the pages taken over (`unchanged`, the last build's files in `previous`) while the others render,
 * at a thousand products most of a one-edit build's time after the render (docs/decisions.md). The
 * search stage finishes it (`BuildRun.indexing`). The pre-render tells it, through what this returns,
 * when the pages it renders are final, when every page is in place, or that it stopped.
 */
async function beginIndex(
  run: BuildRun,
  ctx: RenderContext,
  previous: string,
  unchanged: ReadonlySet<string>,
) {
  const written = settleable()
  const rendered = settleable()
  const { buildSiteIndex } = await import('../search/site-index.ts')
  run.indexing = buildSiteIndex(run.staging.client, ctx, await checkCache(run), {
    previous,
    takenOver: (route) => unchanged.has(route),
    written: written.promise,
    rendered: rendered.promise,
  })
  // Reported by the search stage, which waits for it.
  run.indexing.catch(() => {})
  return {
    /** The pages this build renders are in the staging folder as they will ship. */
    written: () => written.resolve(),
    /** Every page is in place: the index may be written. */
    rendered: () => {
      written.resolve()
      rendered.resolve()
    },
    stopped: (error: unknown) => {
      written.reject(error)
      rendered.reject(error)
    },
  }
}

/** The content `validate` loaded; a stage that runs before it is our bug. */
function contentOf(run: BuildRun): Content {
  if (!run.content) throw new Error('content was not loaded before this stage')
  return run.content
}

/** Where earlier builds kept what they found (the search mark-up and checks, verify), and for which pages this build rendered. */
async function checkCache(run: BuildRun) {
  if (!run.plan) return undefined
  const { buildCacheDir } = await import('./build-cache.ts')
  return { dir: buildCacheDir(run.paths), toolKey: run.plan.toolKey, changed: run.plan.render }
}

/**
 * Every stage of `site build`, in order. Each stage's code is imported when it runs, so `site --help`
 * loads none of it. Nothing here writes to dist/: the pre-render and every stage after it write into
 * the staging folder, which the build promotes only when all of them have passed (build-site.ts).
 *
 * After the pre-render, the search index is made beside the CDN files and, when the build rendered
 * only what changed, the verify of the pages: Pagefind indexes in a process of its own, one page at a
 * time, while the build's own process would wait on it (4 to 6 s at 1,000 products); the search stage
 * checks its own index (every product found by its name), and verify needs no part of it. When the
 * build renders only what changed, the index is begun earlier still, by the pre-render, from the
 * pages it takes over (`BuildRun.indexing`), and the search stage finishes it.
 */
export const BUILD_STAGES: readonly Stage<BuildRun>[] = [
  {
    name: 'validate',
    // Everything validate checks (content, images, brochure files at the storage base, links), so
    // nothing later stops on content that validated; the brochures are not fetched a second time.
    async run(run) {
      const { validateProject, validationError, warningLines } = await import(
        '../validate/validate-project.ts'
      )
      const result = await validateProject(run.paths, { release: run.options.release })
      const refused = validationError(result, 'run `site build` again')
      if (refused) throw refused
      // A draft's placeholders are the draft's business (the build leaves it out); anything else is
      // worth a word before the stage's line.
      const warnings = result.warnings.filter((w) => w.code !== 'placeholder')
      for (const line of warningLines(warnings)) console.warn(line)
      if (!result.published) throw new Error('validate passed without content')
      run.content = result.published
      if (result.content) run.validated = result.content
      // Drafts are previewed in `site dev` only: say which ones this build leaves out.
      const drafts = result.drafts.length
        ? `; left out ${plural(result.drafts.length, 'draft')}: ${result.drafts.join(', ')}`
        : ''
      const { storageBase } = buildConfig(result.published.site)
      const brochures = `${plural(result.published.brochures.length, 'brochure')} present at ${storageBase}`
      const warned = warnings.length ? `; ${plural(warnings.length, 'warning')} above` : ''
      return `${plural(result.files, 'content file')} valid${drafts}${run.options.release ? ' and ready for release' : ''}; ${brochures}${warned}`
    },
  },
  {
    name: 'images',
    async run(run) {
      const { runImages, summaryLine } = await import('../images/run.ts')
      const made = await runImages(contentOf(run), run.paths, { force: run.options.forceImages })
      run.images = made.manifest
      return summaryLine(made)
    },
  },
  {
    name: 'pre-render',
    async run(run) {
      const [{ prerender }, { pruneMedia }, batch, cache, { keepContent }, { renderContext, renderFrom }] =
        await Promise.all([
          import('./prerender.ts'),
          import('../images/prune.ts'),
          import('../../model/prerender-batch.ts'),
          import('./build-cache.ts'),
          import('../../model/content/load.ts'),
          import('../../model/context.ts'),
        ])
      const { writeDataFiles } = await import('./data-files.ts')
      const content = contentOf(run)
      // What changed since the last build: the pages render from what validate just checked.
      renderFrom({ root: run.paths.root, drafts: false })
      if (run.validated) keepContent(run.paths.content, run.validated)
      const ctx = await renderContext()
      const plan = await cache.planBuild(run.paths, ctx, { full: run.options.full })
      run.plan = plan
      const routes = Object.keys(plan.routes)
      // Vike's pre-render holds its pages until it ends, so a new bundle renders a large catalogue in
      // passes; pages rendered from a kept bundle are written as they come (render-pages.ts).
      const passes = plan.bundle ? 1 : batch.prerenderPasses(batch.pagesWithParameter(content))
      const { previous, render } = plan
      const unchanged = new Set(previous && render ? cache.unchangedRoutes(routes, render) : [])
      const index = previous && render ? await beginIndex(run, ctx, previous, unchanged) : undefined
      try {
        const { pages } = await prerender(run.paths, run.staging, {
          verbose: run.options.verbose,
          passes,
          ...(run.validated ? { content: run.validated } : {}),
          // The index reads the rendered pages as soon as they are final, not after the copies.
          written: () => index?.written(),
          bundle: plan.bundle
            ? { reuse: plan.bundle, routes: routes.filter((route) => !unchanged.has(route)) }
            : { keep: plan.bundleKey },
        })
        await writeDataFiles(run.staging.client, ctx)
        // After the render, not beside it: loading Vike and the bundle reads their modules through the
        // same four threads, and on two cores the links' system time slowed the render more than they
        // saved (measured at 1,000 products, with Vike's pre-render and again with render-pages.ts).
        if (previous && unchanged.size)
          await cache.copyPages(previous, run.staging.client, [...unchanged].flatMap(cache.builtFiles))
        index?.rendered()
        // Only the published content's images ship: none of a draft's, none the content stopped using.
        if (run.images) await pruneMedia(run.staging.client, run.images)
        const how = [
          passes > 1 ? `in ${passes} passes` : '',
          unchanged.size ? `${plural(unchanged.size, 'unchanged page')} copied from the last build` : '',
          plan.bundle ? 'the last bundle reused' : '',
        ].filter(Boolean)
        return `${plural(pages, 'page')} written${how.length ? ` (${how.join('; ')})` : ''}`
      } catch (error) {
        // Nothing writes into the staging folder once this stage has failed: the index begun beside
        // the render stops (or, if it was past the render, finishes) before the failure is reported.
        index?.stopped(error)
        await run.indexing?.catch(() => undefined)
        throw error
      }
    },
  },
  {
    name: 'search',
    async run(run) {
      const [{ buildSiteIndex }, { renderContext }] = await Promise.all([
        import('../search/site-index.ts'),
        import('../../model/context.ts'),
      ])
      const cache = await checkCache(run)
      const begun = run.indexing ? ' (begun during the pre-render)' : ''
      const index = await (run.indexing ?? buildSiteIndex(run.staging.client, await renderContext(), cache))
      const [{ checkSearch, printGrouped }, { SEARCH_BASE }] = await Promise.all([
        import('../verify/run.ts'),
        import('../search/build-index.ts'),
      ])
      const content = contentOf(run)
      const checked = await checkSearch(run.staging.client, content, cache)
      if (checked.failures.length) {
        printGrouped(checked.failures, console.error)
        throw siteError(ERRORS.VerifyFailed, { count: checked.failures.length, where: SEARCH_BASE })
      }
      run.searchWarnings = checked.warnings
      const warned = checked.warnings.length
      return `${plural(index.pages, 'page')}, ${plural(index.words, 'word')}, ${bytes(index.bytes)}${begun}; each name found${warned ? ` (${plural(warned, 'warning')}, listed below)` : ''}`
    },
  },
  {
    name: 'cdn files',
    // Beside the search only when the build rendered part of the site: in a full build these two
    // stages and Pagefind together brought the peak to 1.0 GB at 1,000 products (verify parses every
    // page then), and the search is a small part of such a build's time.
    after: (run) => (run.plan?.render ? ['pre-render'] : ['search']),
    async run(run) {
      const [{ openScriptCache, writeCdnFiles }, { sitemapRoutes }] = await Promise.all([
        import('./cdn-files.ts'),
        import('../../model/page-routes.ts'),
      ])
      const content = contentOf(run)
      // The pages taken over from the last build are not read again for their inline scripts.
      const cache = await checkCache(run)
      const written = await writeCdnFiles(
        run.staging.client,
        buildConfig(content.site),
        sitemapRoutes(content),
        cache && (await openScriptCache(cache.dir, cache.toolKey)),
      )
      return `sitemap (${plural(written.public, 'page')}), robots.txt, _headers, _redirects`
    },
  },
  {
    name: 'verify',
    after: ['cdn files'],
    async run(run) {
      const { printReport, verifyBuild } = await import('../verify/run.ts')
      // Outbound links need the network: a release checks them unless --offline; a local build never.
      run.report = await verifyBuild(run.staging.client, contentOf(run), run.paths, {
        offline: run.options.offline || !run.options.release,
        timeoutMs: 10_000,
        cache: await checkCache(run),
        search: false,
      })
      if (run.report.failures.length) {
        printReport(run.report)
        throw siteError(ERRORS.VerifyFailed, { count: run.report.failures.length, where: '' })
      }
      const warned = run.report.warnings.length
      return `${plural(run.report.rows.length, 'page')}: routes, links, head tags, sitemap, budgets${warned ? ` (${plural(warned, 'warning')}, listed below)` : ''}`
    },
  },
]
