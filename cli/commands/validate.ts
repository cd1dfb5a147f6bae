import type { Command } from 'commander'
import { ERRORS, plural, siteError } from '../../lib/errors.ts'
import { envMistakes } from '../../model/config.ts'
import { projectPaths } from '../../model/paths.ts'

/** `site validate`: checks everything a build would refuse, and reports every problem in one run. */
export function register(program: Command): void {
  program
    .command('validate')
    .description(
      'Check the content as a build would: every file against its schema and the others, the images, the brochure PDFs and the links between pages.',
    )
    .option('--json', 'print the result as JSON for machines')
    .option('--root <dir>', 'project folder holding content/ (default: this project)')
    .option(
      '--release',
      'also refuse what must not go live: example values, badges without evidence, plain http addresses, local origins, stand-in brochures',
    )
    .addHelpText(
      'after',
      '\nEach problem names file:line:col, the field, what was expected and how to fix it.\nWhat validate passes, `site build` builds. Exit code 1 when there is any problem.',
    )
    .action(async (options: { json?: boolean; root?: string; release?: boolean }) => {
      const mistakes = envMistakes()
      if (mistakes.length) throw siteError(ERRORS.EnvInvalid, { mistakes })
      // Imported when the command runs, so `site --help` loads none of it.
      const { validateProject, validationError, warningLines } = await import(
        '../validate/validate-project.ts'
      )
      const result = await validateProject(projectPaths(options.root), {
        release: options.release ?? false,
        schemas: true,
      })
      if (options.json) {
        const { files, problems, warnings, drafts, releaseProblems } = result
        console.log(JSON.stringify({ files, problems, warnings, drafts, releaseProblems }, null, 2))
        if (problems.length) process.exitCode = 1
        return
      }
      for (const line of warningLines(result.warnings)) console.log(line)
      const refused = validationError(
        result,
        options.release ? 'run `site validate --release` again' : 'run `site validate` again',
        result.releaseProblems
          ? `All ${plural(result.files, 'content file')} are valid for a local build.`
          : '',
      )
      if (refused) throw refused
      const drafts = result.drafts.length
        ? ` ${plural(result.drafts.length, 'draft')} (${result.drafts.join(', ')}): shown by \`site dev\`, left out of \`site build\`; delete a draft's \`draft: true\` line to publish it.`
        : ''
      console.log(`${plural(result.files, 'content file')} valid (${result.ms} ms).${drafts}`)
      if (result.schemasNote) console.log(result.schemasNote)
      if (options.release)
        console.log(
          'Ready for release: no example values, every badge has evidence, https and public origins.',
        )
    })
}
