import type { Command } from 'commander'
import { projectPaths } from '../../model/paths.ts'
import { checkoutFor, NO_WAIT_HELP, withCheckout } from '../checkout-lock.ts'

/** `site images`: turns the source artwork into responsive .webp files, reusing cached encodes. */
export function register(program: Command): void {
  program
    .command('images')
    .description('Turn every image the content references into responsive .webp files under public/media/.')
    .option('--force', 'encode every image again, ignoring the cache')
    .option('--avif', 'also write AVIF files')
    .option('--root <dir>', 'project folder holding content/ (default: this project)')
    .option('--no-wait', NO_WAIT_HELP)
    .addHelpText(
      'after',
      '\nEncodes are cached in .cache/images/ by source bytes and settings: an unchanged image is never encoded twice.',
    )
    .action(async (options: { force?: boolean; avif?: boolean; root?: string; wait?: boolean }) => {
      const [{ loadContent }, { runImages, summaryLine }, { staleSchemas }] = await Promise.all([
        import('../../model/content/load.ts'),
        import('../images/run.ts'),
        import('../schemas/publish.ts'),
      ])
      const paths = projectPaths(options.root)
      const content = await loadContent(paths.content)
      const made = await withCheckout(paths, checkoutFor('site images', options), () =>
        runImages(content, paths, { force: options.force ?? false, avif: options.avif ?? false }),
      )
      const summary = summaryLine(made)
      console.log(summary)
      const stale = await staleSchemas(paths)
      if (stale.length)
        console.log(
          `Editor completions in content/schemas/ (${stale.join(', ')}) do not list every image yet; run \`site schemas\` to add them.`,
        )
    })
}
