import { access } from 'node:fs/promises'
import path from 'node:path'
import type { Command } from 'commander'
import { formatProblems, isSiteError } from '../../lib/errors.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { printError } from '../errors.ts'
import { intFlag } from './flags.ts'

/** `site dev`: Vike's dev server, plus image re-encoding and a reload when content or artwork changes. */
export function register(program: Command): void {
  program
    .command('dev')
    .description('Serve the site with live reload; content and image changes show on save.')
    .option('--port <n>', 'port to listen on', '3000')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addHelpText(
      'after',
      '\nA content mistake is printed here and shown in the browser with its file:line:col; fix it and save to reload.',
    )
    .action(async (options: { port: string; host: string }) => {
      const port = intFlag(options.port, '--port', 0, 65535, '3000')
      // Imported here, not at the top, so `site --help` loads none of it.
      const [
        { loadContent },
        { forgetContent },
        { manifestFile },
        { reloadContent },
        { runImages, summaryLine },
        { searchInDev },
        { completionsNote },
      ] = await Promise.all([
        import('../../renderer/content/load.ts'),
        import('../../renderer/context.ts'),
        import('../../renderer/images.ts'),
        import('../../vite/site-plugin.ts'),
        import('../images/run.ts'),
        import('../search/dev-plugin.ts'),
        import('../content/publish.ts'),
      ])
      const paths = projectPaths()
      process.env.SITE_ROOT = paths.root
      // Pages read this through the render context: drafts show here, never in a build.
      process.env.SITE_DRAFTS = 'show'
      let failing = false
      /** Brings the images up to date with the content; prints the problems when there are any. */
      const makeImages = async () => {
        forgetContent()
        try {
          const made = await runImages(await loadContent(paths.content, { drafts: true }), paths)
          console.log(summaryLine(made) + (await completionsNote(paths)))
          if (failing) console.log('The content is valid again.')
          failing = false
        } catch (error) {
          if (isSiteError(error) && error.problems.length) {
            console.error(formatProblems(error.problems))
            console.error('The browser shows these problems instead of the pages; fix them and save.')
          } else printError(error)
          failing = true
        }
      }
      // With images from an earlier run the server starts at once and brings them up to date after.
      const imagesMade = await access(manifestFile(paths)).then(
        () => true,
        () => false,
      )
      if (!imagesMade) await makeImages()
      const { dev } = await import('vike/api')
      const { viteServer } = await dev({
        viteConfig: { root: paths.root, server: { port, host: options.host }, plugins: [searchInDev()] },
      })
      // Vike's dev() already listens.
      viteServer.printUrls()
      const refresh = serialised(async () => {
        await makeImages()
        // Reset again after the images: a request during the encode may have cached the old manifest.
        reloadContent(viteServer)
      })
      if (imagesMade) void refresh()
      // Vite's own watcher (chokidar) sees atomic saves (write a temp file, rename) on every Node
      // version; Node 20's recursive fs.watch stops reporting a file after the first such save.
      const schemas = paths.schemas + path.sep
      let timer: NodeJS.Timeout | undefined
      viteServer.watcher.on('all', (_event, file) => {
        if (!file.startsWith(paths.content + path.sep) || file.startsWith(schemas)) return
        // One refresh after a burst of saves settles.
        clearTimeout(timer)
        timer = setTimeout(refresh, 60)
      })
    })
}

/** Runs `task` one at a time; calls during a run collapse into one more run after it. */
export function serialised(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = task().finally(() => {
      running = undefined
      if (again) {
        again = false
        void run()
      }
    })
    return running
  }
  return run
}
