import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Command } from 'commander'
import { PROJECT_ROOT } from '../model/paths.ts'
import { register as brochures } from './commands/brochures.ts'
import { register as build } from './commands/build.ts'
import { register as dev } from './commands/dev.ts'
import { register as images } from './commands/images.ts'
import { register as newContent } from './commands/new.ts'
import { register as review } from './commands/review.ts'
import { register as schemas } from './commands/schemas.ts'
import { register as serve } from './commands/serve.ts'
import { register as submissions } from './commands/submissions.ts'
import { register as validate } from './commands/validate.ts'
import { register as verify } from './commands/verify.ts'
import { printError } from './errors.ts'

/**
 * The version in package.json, which `site --version` prints after the tool's name: `site 0.1.0`, so
 * it cannot be taken for npm's own (which `npm run site --version`, without the `--`, prints).
 */
function version(): string {
  const file = path.join(PROJECT_ROOT, 'package.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}

/** Builds the `site` program; tests call `createProgram().parseAsync([...], { from: 'user' })`. */
export function createProgram(): Command {
  const program = new Command('site')
    .description('Build, check and serve the company website from the YAML content in content/.')
    .version(`site ${version()}`, '-V, --version', 'print the version of the site tool')
    .option('--debug', 'print stack traces for every error')
  for (const register of [
    validate,
    newContent,
    images,
    brochures,
    build,
    verify,
    review,
    dev,
    schemas,
    serve,
    submissions,
  ])
    register(program)
  const commands = program.commands.map((command) => command.name()).join(', ')
  program.showHelpAfterError(`(commands: ${commands}; \`site <command> --help\` explains one)`)
  return program
}

/**
 * Runs the CLI on `argv` (as `process.argv`) and sets the exit code. `bin/site.js` calls it however the
 * CLI was started (`npx site`, `npm run site --`, `node bin/site.js`): the entry is the bin script, so
 * nothing here guesses from the path it was started by.
 */
export async function run(argv: readonly string[]): Promise<void> {
  const program = createProgram()
  try {
    await program.parseAsync([...argv])
  } catch (error) {
    printError(error, { debug: program.opts().debug === true || argv.includes('--debug') })
    process.exitCode = 1
  }
}
