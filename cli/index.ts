import { Command } from 'commander'
import { register as brochures } from './commands/brochures.ts'
import { register as build } from './commands/build.ts'
import { register as dev } from './commands/dev.ts'
import { register as images } from './commands/images.ts'
import { register as newContent } from './commands/new.ts'
import { register as schemas } from './commands/schemas.ts'
import { register as serve } from './commands/serve.ts'
import { register as submissions } from './commands/submissions.ts'
import { register as validate } from './commands/validate.ts'
import { register as verify } from './commands/verify.ts'
import { printError } from './errors.ts'

/** Builds the `site` program; tests call `createProgram().parseAsync([...], { from: 'user' })`. */
export function createProgram(): Command {
  const program = new Command('site')
    .description('Build, check and serve the company website from the YAML content in content/.')
    .option('--debug', 'print stack traces for every error')
    .showHelpAfterError('(run `site --help` for the list of commands)')
  for (const register of [
    validate,
    newContent,
    images,
    brochures,
    build,
    verify,
    dev,
    schemas,
    serve,
    submissions,
  ])
    register(program)
  return program
}

const isMain = process.argv[1]?.endsWith('bin/site.js') || process.argv[1]?.endsWith('cli/index.ts')
if (isMain) {
  const program = createProgram()
  try {
    await program.parseAsync(process.argv)
  } catch (error) {
    printError(error, { debug: program.opts().debug === true || process.argv.includes('--debug') })
    process.exitCode = 1
  }
}
