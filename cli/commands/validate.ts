import type { Command } from 'commander'
import { formatProblems, plural, SiteError } from '../../lib/errors.ts'
import { envMistakes } from '../../renderer/config.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { elapsed } from '../timing.ts'

// What the actions need is imported when one runs, so `site --help` loads none of it (docs/decisions.md).
const releaseChecks = () => import('../release/check.ts')

/** `site validate`: checks every content file and reports every problem in one run. */
export function register(program: Command): void {
  program
    .command('validate')
    .description('Check every content file against its schema and the others; report every problem at once.')
    .option('--json', 'print the problems as JSON for machines')
    .option('--root <dir>', 'project folder holding content/ (default: this project)')
    .option(
      '--release',
      'also refuse what must not go live: example values, badges without evidence, local origins, stand-in brochures',
    )
    .addHelpText(
      'after',
      '\nEach problem names file:line:col, the field, what was expected and how to fix it.\nExit code 1 when there is any problem.',
    )
    .action(async (options: { json?: boolean; root?: string; release?: boolean }) => {
      const mistakes = envMistakes()
      if (mistakes.length)
        throw new SiteError('env-invalid', mistakes.join('\n'), 'fix the environment variable and run again.')
      const result = await validate(options.root)
      const { releaseCheck, releaseError } = await releaseChecks()
      if (options.json) {
        const { files, problems, warnings, drafts } = result
        const release =
          options.release && result.content
            ? await releaseCheck(result.content, projectPaths(options.root))
            : undefined
        console.log(JSON.stringify({ files, problems, warnings, drafts, release }, null, 2))
        if (problems.length || release?.problems.length || release?.settings.length) process.exitCode = 1
        return
      }
      if (result.problems.length)
        throw new SiteError(
          'content-invalid',
          'The content has problems; fix them and run `site validate` again.',
          undefined,
          result.problems,
        )
      if (result.warnings.length) {
        console.log(formatProblems(result.warnings, 'warning'))
      }
      const drafts = result.drafts.length
        ? ` ${plural(result.drafts.length, 'draft')} (${result.drafts.join(', ')}): shown by \`site dev\`, left out of \`site build\`.`
        : ''
      console.log(`${plural(result.files, 'content file')} valid (${result.ms} ms).${drafts}`)
      if (options.release && result.content) {
        const refused = releaseError(
          await releaseCheck(result.content, projectPaths(options.root)),
          'The content is valid for a local build only.',
        )
        if (refused) throw refused
        console.log('Ready for release: no example values, every badge has evidence, public origins.')
      }
    })
}

/**
 * Reads and checks all content under `root`, then what a build would refuse: image sizes against their
 * slots and brochure files at an embedded storage base.
 */
export async function validate(root?: string) {
  const start = performance.now()
  const paths = projectPaths(root)
  const [{ readContent }, { buildProblems }] = await Promise.all([
    import('../../renderer/content/load.ts'),
    import('../content/build-checks.ts'),
  ])
  const report = await readContent(paths.content, paths.root)
  if (report.content) report.problems.push(...(await buildProblems(report.content, paths)))
  return { ...report, ms: elapsed(start) }
}
