import { formatProblems, isSiteError } from '../lib/errors.ts'

/** Prints an error for a person: problems and hint for a SiteError, a stack for anything else. */
export function printError(error: unknown, options: { debug?: boolean } = {}): void {
  // By name, not instanceof: an error may come from another copy of lib/errors.ts (Vite's, in site dev).
  if (isSiteError(error)) {
    if (error.problems.length > 0) console.error(formatProblems(error.problems))
    console.error(error.message)
    if (error.hint) console.error(`Fix: ${error.hint}`)
    if (options.debug) console.error(error.stack)
    return
  }
  console.error('The site CLI hit an unexpected error. This is a bug in the tool, not in your content:')
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
}
