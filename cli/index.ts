import { realpathSync } from 'node:fs'
import { Command } from 'commander'
import { SiteError } from '../lib/errors.ts'
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
  program.on('command:*', ([name]: string[]) => {
    throw unknownCommand(program, name ?? '')
  })
  return program
}

/** The error for `site <name>` when no command has that name: it lists the commands there are. */
function unknownCommand(program: Command, name: string): SiteError {
  const commands = program.commands.filter((c) => c.name() !== 'help')
  const width = Math.max(...commands.map((c) => c.name().length))
  const list = commands.map((c) => `  ${c.name().padEnd(width)}  ${c.description()}`).join('\n')
  return new SiteError(
    'unknown-command',
    `"${name}" is not a site command. The commands are:\n${list}`,
    'run `site <command> --help` for what a command takes.',
  )
}

/** Runs the CLI on `argv` (process.argv form), printing errors for a person and setting the exit code. */
export async function main(argv: string[] = process.argv): Promise<void> {
  const program = createProgram()
  try {
    await program.parseAsync(argv)
  } catch (error) {
    printError(error, { debug: program.opts().debug === true || argv.includes('--debug') })
    process.exitCode = 1
  }
}

/** True when Node was started on this file itself (`tsx cli/index.ts`); bin/site.js calls main() instead. */
function startedDirectly(): boolean {
  const script = process.argv[1]
  if (!script) return false
  try {
    return realpathSync(script) === realpathSync(import.meta.filename)
  } catch {
    return false
  }
}

if (startedDirectly()) await main()
