import type { Command } from 'commander'
import { SiteError } from '../../lib/errors.ts'
import { buildConfig } from '../../renderer/config.ts'
import { type Content, loadContent, readContent } from '../../renderer/content/load.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { checkBrochures } from '../brochures/check.ts'
import { prerender } from '../build/prerender.ts'
import { runStages } from '../build/stages.ts'
import { runImages, summaryLine } from '../images/run.ts'
import { writeCdnFiles } from '../release/cdn-files.ts'
import { releaseCheck, releaseError } from '../release/check.ts'
import { siteUrlNotice } from '../release/origins.ts'
import { duration, elapsed } from '../timing.ts'
import type { VerifyReport } from '../verify/verify.ts'
import { printReport, verifyBuild } from './verify.ts'

/** `site build`: validate → images → brochures check → pre-render → CDN files → verify, stopping at the first failure. */
export function register(program: Command): void {
  program
    .command('build')
    .description(
      'Build the whole site into dist/client: validate, images, brochures check, pre-render, verify.',
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
      const start = performance.now()
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
              return `${report.files} content files valid and ready for release`
            }
            const notice = siteUrlNotice(content.site)
            if (notice) console.log(`  ${notice}`)
            return `${report.files} content files valid`
          },
        },
        {
          name: 'images',
          run: async () =>
            summaryLine(await runImages(need(), paths, { force: options.forceImages ?? false })),
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
            return `${report.rows.length} pages: routes, links, head tags, sitemap, budgets`
          },
        },
      ])
      if (report) printReport(report)
      console.log(`Built in ${duration(elapsed(start))}. dist/client is ready to deploy.`)
    })
}
