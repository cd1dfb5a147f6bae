/**
 * The user-facing error type, shared by the renderer, the CLI and the server. A `SiteError` is "your input is wrong" (content, flags, files):
 * it prints as a message and a hint, never a stack trace. Anything else is "our bug" and prints its
 * stack so it can be reported.
 */

/** One located problem in a content file (or a file the content points at). */
export interface Problem {
  /** Path relative to the project root, e.g. `content/products/szephyr.yaml`. */
  file: string
  line: number
  col: number
  /** JSON pointer of the field, e.g. `/specifications/2/value`; empty for the whole file. */
  path: string
  /** Stable name, e.g. `wrong-type`, `unknown-field`. */
  code: string
  /** What happened, in one sentence. */
  message: string
  /** What to do about it. */
  hint: string
}

export class SiteError extends Error {
  override readonly name = 'SiteError'
  constructor(
    /** Stable name of the error, e.g. `content-invalid`. */
    readonly code: string,
    message: string,
    /** What to do about it. */
    readonly hint?: string,
    /** Located problems, when the error is about content. */
    readonly problems: Problem[] = [],
  ) {
    super(message)
  }
}

/** Formats problems as `file:line:col  path`, message and fix, then a count. */
export function formatProblems(problems: readonly Problem[], noun = 'problem'): string {
  const lines: string[] = []
  for (const p of problems) {
    // A problem with no line is about a setting, not a place in a file (e.g. an environment variable).
    const where = p.line ? `${p.file}:${p.line}:${p.col}` : p.file
    lines.push(`${where}${p.path ? `  ${p.path}` : ''}`)
    lines.push(`  ${p.message}`)
    if (p.hint) lines.push(`  Fix: ${p.hint}`)
  }
  const files = new Set(problems.filter((p) => p.line).map((p) => p.file)).size
  const settings = problems.some((p) => !p.line) ? ' and the settings' : ''
  lines.push(`${plural(problems.length, noun)} in ${plural(files, 'file')}${settings}.`)
  return lines.join('\n')
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/**
 * Whether `error` is a SiteError from any copy of this module: Vite's config bundle and its SSR module
 * graph each load their own, so `instanceof` fails across them in `site dev`.
 */
export function isSiteError(error: unknown): error is SiteError {
  return error instanceof Error && error.name === 'SiteError' && Array.isArray((error as SiteError).problems)
}
