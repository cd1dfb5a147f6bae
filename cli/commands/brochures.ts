import type { Command } from 'commander'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { wholeNumber } from '../../lib/flags.ts'
import { buildConfig } from '../../model/config.ts'
import { projectPaths } from '../../model/paths.ts'

/** `site brochures check`: every brochure PDF exists at the storage base and is a real PDF. */
export function register(program: Command): void {
  const brochures = program.command('brochures').description('Work with the brochure PDFs.')
  brochures
    .command('check')
    .description(
      'Check that every brochure PDF exists at the storage base, is a PDF and has a plausible size.',
    )
    .option(
      '--storage-base <url>',
      'storage base to check: a path such as /storage (embedded) or an http(s) URL',
    )
    .option('--timeout <ms>', 'per-request timeout for http(s) bases', '10000')
    .option('--root <dir>', 'project folder holding content/ (default: this project)')
    .addHelpText(
      'after',
      '\nThe PDF of brochure <id> is <storage base>/brochures/<id>.pdf. Exit code 1 when any is missing or wrong.',
    )
    .action(async (options: { storageBase?: string; timeout: string; root?: string }) => {
      const timeoutMs = wholeNumber(options.timeout, '--timeout', 1, 600_000, '20000')
      const [{ loadContent }, { checkBrochureFiles }] = await Promise.all([
        import('../../model/content/load.ts'),
        import('../brochures/check.ts'),
      ])
      const paths = projectPaths(options.root)
      const content = await loadContent(paths.content)
      const storageBase = options.storageBase ?? buildConfig(content.site).storageBase
      const results = await checkBrochureFiles(content.brochures, {
        storageBase,
        publicDir: paths.public,
        timeoutMs,
      })
      const bad = results.filter((r) => !r.ok)
      for (const r of bad) console.error(`${r.id}: ${r.url} ${r.reason}`)
      if (bad.length)
        throw siteError(ERRORS.BrochuresInvalid, { bad: bad.length, total: results.length, storageBase })
      console.log(`${results.length} brochures present at ${storageBase}.`)
    })
}
