/**
 * Reads what `site build` prints (cli/build/run-stages.ts, cli/verify/run.ts): each stage's time, the
 * pages written, the home page's row of the route table, and on a failure where it stopped and why.
 */
export interface BuildOutput {
  /** Each stage that finished or failed, in order, with its time as printed (0.1 s resolution). */
  stages: { name: string; ms: number; summary: string; failed: boolean }[]
  /** From the pre-render's "N pages written". */
  pages?: number
  /** The `/` row of the route table, as printed ("36.5 KB"): printed by a failed verify too. */
  home?: { html: string; js: string; budget: string }
  /** The stage the build stopped at, if it did. */
  failedAt?: string
  /** The error's own message ("The build stopped at …"), when there is one. */
  message?: string | undefined
  /**
   * The problems listed under the pages (verify prints at most five per page), grouped by kind: the
   * message with its numbers, quoted text and addresses blanked, most frequent first; the example is
   * the first of its kind, with its page.
   */
  problemKinds: { kind: string; count: number; example: string }[]
}

/** `  pre-render  62 pages written       3.1 s`: the name in 11 columns, the summary, the duration. */
const STAGE = /^ {2}(.{11}) (.*?)\s*(\d+(?:\.\d+)?) (ms|s)$/
const FAILED = /^ {2}(.{11}) failed after (\d+(?:\.\d+)?) (ms|s)$/
const SIZE = String.raw`(\d+(?:\.\d+)? K?M?B)`
const HOME_ROW = new RegExp(String.raw`^/\s+${SIZE}\s+${SIZE}\s+${SIZE}$`)

const toMs = (value: string, unit: string) => Math.round(Number(value) * (unit === 's' ? 1000 : 1))

export function parseBuildOutput(stdout: string, stderr: string): BuildOutput {
  const out: BuildOutput = { stages: [], problemKinds: [] }
  for (const line of stdout.split('\n')) {
    const failed = FAILED.exec(line)
    const stage = failed ? undefined : STAGE.exec(line)
    if (failed) {
      const name = (failed[1] ?? '').trim()
      out.stages.push({ name, ms: toMs(failed[2] ?? '0', failed[3] ?? 'ms'), summary: '', failed: true })
      out.failedAt = name
    } else if (stage) {
      const name = (stage[1] ?? '').trim()
      const summary = (stage[2] ?? '').trim()
      out.stages.push({ name, ms: toMs(stage[3] ?? '0', stage[4] ?? 'ms'), summary, failed: false })
      const pages = /^([\d,]+) pages? written/.exec(summary)?.[1]
      if (name === 'pre-render' && pages) out.pages = Number(pages.replaceAll(',', ''))
    }
    const home = HOME_ROW.exec(line)
    if (home) out.home = { html: home[1] ?? '', js: home[2] ?? '', budget: home[3] ?? '' }
  }
  const lines = stderr.split('\n')
  out.message = lines.find((l) => /^The build stopped|^The site CLI hit/.test(l))
  const kinds = new Map<string, { count: number; example: string }>()
  /** The page a problem is listed under: `/products/x  (products/x/index.html)`. */
  let page = ''
  for (const line of lines) {
    if (!line.startsWith(' ')) page = line.split('  (')[0] ?? ''
    if (!line.startsWith('  ') || line.startsWith('  … and')) continue
    const kind = line
      .trim()
      .replace(/"[^"]*"/g, '"…"')
      .replace(/\/\S*/g, '/…')
      .replace(/\d+(\.\d+)?/g, 'N')
    const seen = kinds.get(kind)
    if (seen) seen.count++
    else kinds.set(kind, { count: 1, example: page ? `${page}: ${line.trim()}` : line.trim() })
  }
  out.problemKinds = [...kinds]
    .map(([kind, { count, example }]) => ({ kind, count, example }))
    .sort((a, b) => b.count - a.count)
  return out
}
