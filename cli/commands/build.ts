import type { Command } from 'commander'
import { plural, SiteError } from '../../lib/errors.ts'
import { buildConfig, envMistakes } from '../../renderer/config.ts'
import type { Content } from '../../renderer/content/load.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { bytes, duration, elapsed } from '../timing.ts'
import type { VerifyReport } from '../verify/verify.ts'

/**
 * What a build says when SITE_URL is not set: every canonical link, the sitemap and the social tags
 * then point at content/site.yaml's `siteUrl` (the local default), which is right for `npm start` and
 * wrong for a public upload. Undefined when SITE_URL is set.
 */
export function siteUrlNote(env: NodeJS.ProcessEnv, siteUrl: string): string | undefined {
  if (env.SITE_URL?.trim()) return undefined
  return (
    `Note: SITE_URL is not set, so canonical links, the sitemap and social tags point at ${siteUrl} ` +
    '(siteUrl in content/site.yaml). For the public site build with SITE_URL=https://www.your-domain npm run build.'
  )
}

/** `site build`: validate → images → brochures check → pre-render → search index → CDN files → verify, stopping at the first failure. */
export function register(program: Command): void {
  program
    .command('build')
    .description(
      'Build the whole site into dist/client: validate, images, brochures check, pre-render, search index, verify.',
    )
    .option('--force-images', 'encode every image again, ignoring the cache')
    .option(
      '--release',
      'refuse to build while example values, badges without evidence, local origins or stand-in brochures remain (docs/releasing.md)',
    )
    .addHelpText(
      'after',
      '\nEnvironment: SITE_URL, SITE_API_BASE, SITE_STORAGE_BASE and SITE_ASSET_BASE override content/site.yaml.\nStops at the first failing stage; nothing after it runs.',
    )
    .action(async (options: { forceImages?: boolean; release?: boolean }) => {
      const paths = projectPaths()
      // Every page would carry a wrong SITE_URL or base: refuse before dist/ is touched.
      const mistakes = envMistakes()
      if (mistakes.length)
        throw new SiteError(
          'env-invalid',
          `${mistakes.join('\n')}\nNothing was built; dist/ is unchanged.`,
          'fix the environment variable and build again.',
        )
      const start = performance.now()
      // The stages' code, imported here so `site --help` loads none of it.
      const [
        { loadContent, readContent },
        { renderContext },
        { checkBrochures },
        { prerender },
        { runStages },
        { runImages, summaryLine },
        { writeCdnFiles },
        { releaseCheck, releaseError },
        { buildSiteIndex },
        { printReport, verifyBuild },
        { completionsNote },
      ] = await Promise.all([
        import('../../renderer/content/load.ts'),
        import('../../renderer/context.ts'),
        import('../brochures/check.ts'),
        import('../build/prerender.ts'),
        import('../build/stages.ts'),
        import('../images/run.ts'),
        import('../build/cdn-files.ts'),
        import('../release/check.ts'),
        import('../search/site-index.ts'),
        import('../verify/run.ts'),
        import('../content/publish.ts'),
      ])
      let content: Content | undefined
      let report: VerifyReport | undefined
      const need = () => {
        if (!content) throw new Error('content was not loaded before this stage')
        return content
      }
      console.log('Building the site:')
      await runStages([
        {
          name: 'validate',
          run: async () => {
            const report = await readContent(paths.content, paths.root)
            if (!report.content)
              throw new SiteError(
                'content-invalid',
                'the content has problems. Nothing was written to dist/.',
                'fix the problems above, then run `site build` again.',
                report.problems,
              )
            content = await loadContent(paths.content)
            if (options.release) {
              const refused = releaseError(
                await releaseCheck(content, paths),
                'Nothing was written to dist/.',
              )
              if (refused) throw refused
            }
            // Drafts are previewed in `site dev` only: say which ones this build leaves out.
            const drafts = report.drafts.length
              ? `; left out ${plural(report.drafts.length, 'draft')}: ${report.drafts.join(', ')}`
              : ''
            return `${report.files} content files valid${drafts}${options.release ? ' and ready for release' : ''}`
          },
        },
        {
          name: 'images',
          run: async () =>
            summaryLine(await runImages(need(), paths, { force: options.forceImages ?? false })) +
            (await completionsNote(paths)),
        },
        {
          name: 'brochures',
          run: async () => {
            const { storageBase } = buildConfig(need().site)
            const results = await checkBrochures(need().brochures, { storageBase, publicDir: paths.public })
            const bad = results.filter((r) => !r.ok)
            for (const r of bad) console.error(`  ${r.id}: ${r.url} ${r.reason}`)
            if (bad.length)
              throw new SiteError(
                'brochures-invalid',
                `${bad.length} of ${results.length} brochures are missing or wrong at ${storageBase}. Nothing was written to dist/.`,
                'upload the PDFs named above, or fix content/brochures.yaml.',
              )
            return `${results.length} brochures present at ${storageBase}`
          },
        },
        {
          name: 'pre-render',
          run: async () => `${(await prerender(paths)).pages} pages written to dist/client`,
        },
        {
          name: 'search',
          run: async () => {
            const index = await buildSiteIndex(paths.client, await renderContext())
            return `${index.pages} pages, ${index.words} words indexed, ${bytes(index.bytes)}`
          },
        },
        {
          name: 'cdn files',
          run: async () => {
            const written = await writeCdnFiles(paths.client, buildConfig(need().site))
            return `sitemap (${written.public} pages), robots.txt, _headers, _redirects`
          },
        },
        {
          name: 'verify',
          run: async () => {
            // Outbound links need the network: a release checks them, a local build (npm start, CI) does not.
            report = await verifyBuild(paths.client, need(), paths, {
              offline: !options.release,
              timeoutMs: 10_000,
            })
            if (report.failures.length) {
              printReport(report)
              throw new SiteError(
                'verify-failed',
                `${report.failures.length} problems in the built site; do not release dist/client.`,
                'fix the pages or content named above and build again.',
              )
            }
            return `${report.rows.length} pages: routes, links, head tags, sitemap, budgets, search`
          },
        },
      ])
      if (report) printReport(report)
      console.log(`Built in ${duration(elapsed(start))}. dist/client is ready to deploy.`)
      const note = siteUrlNote(process.env, buildConfig(need().site).siteUrl)
      if (note) console.log(note)
    })
}
