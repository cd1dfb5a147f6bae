import path from 'node:path'
import type { Command } from 'commander'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { wholeNumber } from '../../lib/flags.ts'
import { projectPaths } from '../../model/paths.ts'
import { checkoutFor, NO_WAIT_HELP, withCheckout } from '../checkout-lock.ts'

/** `site verify`: checks a built site before release. */
export function register(program: Command): void {
  program
    .command('verify')
    .description(
      'Check a built site before release: routes, links, head tags, sitemap, redirects, budgets, search.',
    )
    .option('--dist <dir>', 'the built site to check (default: dist/client)')
    .option('--json', 'print the report as JSON')
    .option(
      '--release',
      'also refuse example values, badges without evidence, plain http:// addresses, local origins and stand-in brochures',
    )
    .option('--offline', 'skip the outbound link check (no network)')
    .option('--link-timeout <ms>', 'how long each outbound link may take to answer', '10000')
    .option('--no-wait', NO_WAIT_HELP)
    .addHelpText(
      'after',
      '\nEach failure names the page and the file in the built site. Exit code 1 on any failure.',
    )
    .action(
      async (options: {
        dist?: string
        json?: boolean
        release?: boolean
        offline?: boolean
        linkTimeout: string
        wait?: boolean
      }) => {
        // Imported here, not at the top, so `site --help` loads none of it.
        const [{ validateProject, validationError }, { printReport, verifyBuild }, info] = await Promise.all([
          import('../validate/validate-project.ts'),
          import('../verify/run.ts'),
          import('../build/build-info.ts'),
        ])
        const paths = projectPaths()
        const client = options.dist ? path.resolve(options.dist) : paths.client
        // It reads dist/client, which a build replaces, and writes .cache/links.json: one at a time.
        const report = await withCheckout(paths, checkoutFor('site verify', options), async () => {
          // A built site is judged by the settings it was built with, not by today's environment.
          const built = await info.readBuildInfo(client)
          // The content the site was built from, checked as validate checks it (and, for a release,
          // what must not go live) in the one pass every command shares.
          const validation = await validateProject(paths, {
            release: options.release ?? false,
            ...(built ? { env: info.settingsAsEnv(built.config), envSource: 'built site' as const } : {}),
          })
          const refused = validationError(
            validation,
            'build again with --release',
            'Do not release this build.',
          )
          if (refused) throw refused
          const content = validation.published
          if (!content) throw new Error('validate passed without content')
          return verifyBuild(client, content, paths, {
            config: built?.config,
            offline: options.offline ?? false,
            timeoutMs: wholeNumber(options.linkTimeout, '--link-timeout', 100, 120_000, '5000'),
          })
        })
        if (options.json) console.log(JSON.stringify(report, null, 2))
        else printReport(report)
        if (report.failures.length) {
          if (options.json) process.exitCode = 1
          else
            throw siteError(ERRORS.VerifyFailed, {
              count: report.failures.length,
              where: path.relative(process.cwd(), client) || '.',
            })
        }
      },
    )
}
