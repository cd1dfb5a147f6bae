import path from 'node:path'
import type { Command } from 'commander'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { projectPaths } from '../../model/paths.ts'
import { checkoutFor, NO_WAIT_HELP, withCheckout } from '../checkout-lock.ts'
import { percent } from '../review/share.ts'

interface ReviewFlags {
  baseline?: string
  out: string
  widths: string
  failOn?: string
  fresh?: boolean
  /** False with --no-wait. */
  wait?: boolean
}

/** `site review`: every page of the built site beside the baseline, at each width, in a report. */
export function register(program: Command): void {
  program
    .command('review')
    .description(
      'Compare every page of the built site (dist/client) with a baseline in the browser, and write a report of what changed.',
    )
    .option(
      '--baseline <dir>',
      'the built site to compare with (default: dist/baseline, the last release replaced)',
    )
    .option('--out <dir>', 'where to write the report', '.cache/review')
    .option('--widths <list>', 'window widths in px, each page shot at every one', '360,1000,1440')
    .option('--fail-on <share>', 'exit 1 when any page changed more than this share of its pixels (0 to 1)')
    .option(
      '--fresh',
      'shoot every page of both sides again, trusting no earlier shot of a page whose files are the same',
    )
    .option('--no-wait', NO_WAIT_HELP)
    .addHelpText(
      'after',
      `
The report: index.html (changed pages first, baseline / new / difference side by side), review.json
({ pages: [{ route, width, changed }], added, removed }; changed is the share of pixels, 0 to 1) and
the PNGs of every page that changed. A release build keeps the release build it replaces in
dist/baseline; --baseline takes any built site (the folder with index.html, or a dist folder), such as
the live release downloaded. In CI: site review --fail-on 0 stops on any change. docs/releasing.md.`,
    )
    .action(async (flags: ReviewFlags) => {
      const { parseShare, parseWidths } = await import('../review/flags.ts')
      const widths = parseWidths(flags.widths)
      const failOn = flags.failOn === undefined ? undefined : parseShare(flags.failOn, '--fail-on')
      const { runReview } = await import('../review/review.ts')
      const progress = process.stderr.isTTY
        ? (line: string) => process.stderr.write(`\r\x1b[2K${line}`)
        : () => {}
      const paths = projectPaths()
      // A build beside the review would swap dist/client and dist/baseline under it.
      const review = await withCheckout(paths, checkoutFor('site review', flags), () =>
        runReview(paths, {
          baseline: flags.baseline,
          out: path.resolve(flags.out),
          widths,
          fresh: flags.fresh ?? false,
          log: progress,
          // On a line of its own, after the progress line it interrupts.
          warn: (line) => console.warn(process.stderr.isTTY ? `\n${line}` : line),
        }),
      )
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[2K')
      console.log(review.summary)
      if (failOn === undefined) return
      const over = review.routes.filter((r) => r.widths.some((w) => w.changed > failOn))
      const largest = review.largest
      if (over.length && largest)
        throw siteError(ERRORS.ReviewChanged, {
          count: over.length,
          limit: failOn,
          worst: `${largest.route} at ${largest.width} px, ${percent(largest.changed)}`,
          report: path.relative(process.cwd(), review.report) || review.report,
        })
    })
}
