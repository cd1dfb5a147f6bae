import { watch } from 'node:fs'
import type { Command } from 'commander'
import { clearContentCache, loadContent } from '../../renderer/content/load.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { printError } from '../errors.ts'
import { runImages, summaryLine } from '../images/run.ts'
import { searchInDev } from '../search/dev-plugin.ts'
import { intFlag } from './flags.ts'

/** `site dev`: Vike's dev server, plus image re-encoding when content or artwork changes. */
export function register(program: Command): void {
  program
    .command('dev')
    .description('Serve the site with live reload; content and image changes show on save.')
    .option('--port <n>', 'port to listen on', '3000')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addHelpText(
      'after',
      '\nA content mistake is printed here with its file:line:col; fix it and save to reload.',
    )
    .action(async (options: { port: string; host: string }) => {
      const port = intFlag(options.port, '--port', 0, 65535, '3000')
      const paths = projectPaths()
      process.env.SITE_ROOT = paths.root
      const refreshImages = async () => {
        clearContentCache()
        try {
          console.log(summaryLine(await runImages(await loadContent(paths.content), paths)))
        } catch (error) {
          printError(error)
        }
      }
      await refreshImages()
      let timer: NodeJS.Timeout | undefined
      // Re-encode after a burst of saves settles; the Vite plugin reloads the page when the manifest changes.
      watch(paths.content, { recursive: true }, (_event, file) => {
        if (!file || file.startsWith('schemas')) return
        clearTimeout(timer)
        timer = setTimeout(refreshImages, 150)
      })
      const { dev } = await import('vike/api')
      const { viteServer } = await dev({
        viteConfig: { root: paths.root, server: { port, host: options.host }, plugins: [searchInDev()] },
      })
      // Vike's dev() already listens.
      viteServer.printUrls()
    })
}
