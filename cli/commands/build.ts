import type { Command } from 'commander'
import { buildConfig } from '../../model/config.ts'
import { projectPaths } from '../../model/paths.ts'
import { checkoutFor, NO_WAIT_HELP, withCheckout } from '../checkout-lock.ts'
import { duration } from '../timing.ts'

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

interface BuildFlags {
  full?: boolean
  /** False with --no-wait. */
  wait?: boolean
  forceImages?: boolean
  release?: boolean
  offline?: boolean
  verbose?: boolean
}

/** `site build`: the stages in cli/build/stages.ts, into dist/client only when all of them pass. */
export function register(program: Command): void {
  program
    .command('build')
    .description(
      'Build the whole site into dist/client: validate, images, brochures check, pre-render, search index, CDN files, verify.',
    )
    .option(
      '--full',
      'build every page again, taking over nothing from the last build (a build otherwise renders only the pages whose inputs changed)',
    )
    .option('--force-images', 'encode every image again, ignoring the cache')
    .option(
      '--release',
      'refuse to build while example values, badges without evidence, plain http addresses, local origins or stand-in brochures remain, and check every outbound link (docs/releasing.md)',
    )
    .option('--offline', 'with --release: skip the outbound link check, for a machine without internet')
    .option('--verbose', "print the bundler's warnings and timings")
    .option('--no-wait', NO_WAIT_HELP)
    .addHelpText(
      'after',
      '\nEnvironment: SITE_URL, SITE_API_BASE, SITE_STORAGE_BASE and SITE_ASSET_BASE override content/site.yaml.\nStops at the first failing stage; dist/client changes only when every stage has passed.\nOne command writes a checkout at a time: a second build waits for the first (or refuses with --no-wait).',
    )
    .action(async (flags: BuildFlags) => {
      const [{ buildSite }, { printReport }] = await Promise.all([
        import('../build/build-site.ts'),
        import('../verify/run.ts'),
      ])
      const paths = projectPaths()
      await withCheckout(paths, checkoutFor('site build', flags), async () => {
        console.log('Building the site:')
        const { run, ms } = await buildSite(paths, {
          full: flags.full ?? false,
          forceImages: flags.forceImages ?? false,
          release: flags.release ?? false,
          offline: flags.offline ?? false,
          verbose: flags.verbose ?? false,
        })
        if (run.report) printReport(run.report)
        console.log(`Built in ${duration(ms)}. dist/client is ready to deploy.`)
        const note = run.content && siteUrlNote(process.env, buildConfig(run.content.site).siteUrl)
        if (note) console.log(note)
      })
    })
}
