import path from 'node:path'
import type { Command } from 'commander'
import { SiteError } from '../../lib/errors.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { intFlag } from './flags.ts'

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
      'also refuse example values, badges without evidence, local origins and stand-in brochures',
    )
    .option('--offline', 'skip the outbound link check (no network)')
    .option('--link-timeout <ms>', 'how long each outbound link may take to answer', '10000')
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
      }) => {
        // Imported here, not at the top, so `site --help` loads none of it.
        const [{ loadContent }, { releaseCheck, releaseError }, { printReport, verifyBuild }] =
          await Promise.all([
            import('../../renderer/content/load.ts'),
            import('../release/check.ts'),
            import('../verify/run.ts'),
          ])
        const paths = projectPaths()
        const content = await loadContent(paths.content)
        if (options.release) {
          const refused = releaseError(await releaseCheck(content, paths), 'Do not release this build.')
          if (refused) throw refused
        }
        const client = options.dist ? path.resolve(options.dist) : paths.client
        const report = await verifyBuild(client, content, paths, {
          offline: options.offline ?? false,
          timeoutMs: intFlag(options.linkTimeout, '--link-timeout', 100, 120_000, '5000'),
        })
        if (options.json) console.log(JSON.stringify(report, null, 2))
        else printReport(report)
        if (report.failures.length) {
          if (options.json) process.exitCode = 1
          else
            throw new SiteError(
              'verify-failed',
              `${report.failures.length} problems in the built site at ${path.relative(process.cwd(), client) || '.'}; do not release it.`,
              'fix the pages or content named above and build again.',
            )
        }
      },
    )
}
