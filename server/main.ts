/**
 * Runs `site serve` alone, without the rest of the CLI: the durability test and the benchmark start
 * the server as a child process with `node --import tsx server/main.ts serve --port 0 ...`.
 */
import { Command } from 'commander'
import { register } from '../cli/commands/serve.ts'
import { printError } from '../cli/errors.ts'

const program = new Command('site')
register(program)
try {
  await program.parseAsync(process.argv)
} catch (error) {
  printError(error)
  process.exitCode = 1
}
