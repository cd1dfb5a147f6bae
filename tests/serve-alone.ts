/**
 * Runs `site serve` alone, without the CLI: the durability and fault tests and the benchmark start the
 * server as a child process with `node --import tsx tests/serve-alone.ts serve --port 0 ...`. It takes the
 * same flags (server/serve-flags.ts) and environment as `site serve`.
 */
import { Command } from 'commander'
import { isSiteError } from '../lib/errors.ts'
import { SERVE_OPTIONS, type ServeFlags } from '../server/serve-flags.ts'

const program = new Command('site')
const serve = program.command('serve')
for (const option of SERVE_OPTIONS) serve.option(option.flags, option.description, option.default)
serve.action(async (flags: ServeFlags) => {
  const { readServeFlags } = await import('../server/serve-options.ts')
  const { serveSite } = await import('../server/serve.ts')
  await serveSite(readServeFlags(flags))
})
try {
  await program.parseAsync(process.argv)
} catch (error) {
  // A mistake in the flags or the setup: what happened and what to do, no stack.
  if (isSiteError(error)) {
    console.error(error.message)
    if (error.hint) console.error(`Fix: ${error.hint}`)
  } else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exitCode = 1
}
