import { access } from 'node:fs/promises'
import path from 'node:path'
import type { Command } from 'commander'
import { isSiteError, type SiteError } from '../../lib/errors.ts'
import { wholeNumber } from '../../lib/flags.ts'
import type { Content } from '../../model/content/load.ts'
import { projectPaths } from '../../model/paths.ts'
import { withCheckout } from '../checkout-lock.ts'
import { printError } from '../errors.ts'

/** `site dev`: Vike's dev server, plus image re-encoding and a reload when content or artwork changes. */
export function register(program: Command): void {
  program
    .command('dev')
    .description(
      'Serve the site with live reload; content and image changes show on save, and forms post to a scratch intake API.',
    )
    .option('--port <n>', 'port to listen on', '3000')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addHelpText(
      'after',
      '\nA content mistake is printed here and shown in the browser with its file:line:col; fix it and save to reload.',
    )
    .action(async (options: { port: string; host: string }) => {
      const port = wholeNumber(options.port, '--port', 0, 65535, '3000')
      // Imported here, not at the top, so `site --help` loads none of it.
      const [
        { renderFrom },
        { manifestFile },
        { devErrorPlugin, reloadContent },
        { runImages, summaryLine },
        { searchInDev },
        { validateProject, validationError },
        { intakeInDev },
      ] = await Promise.all([
        import('../../model/context.ts'),
        import('../../model/images.ts'),
        import('../../vite/site-plugin.ts'),
        import('../images/run.ts'),
        import('../search/dev-plugin.ts'),
        import('../validate/validate-project.ts'),
        import('../dev/intake.ts'),
      ])
      const paths = projectPaths()
      // Forms work in the preview: the intake API, into a scratch store, never the real data/.
      const intake = intakeInDev({
        contentDir: paths.content,
        dataDir: path.join(paths.cache, 'dev-data'),
        staticDir: paths.public,
        say: (line) => console.log(line),
      })
      // Pages render this project's content, drafts included: only the preview shows them.
      renderFrom({ root: paths.root, drafts: true })
      /** What `site validate` says now, shown by the browser in place of the pages while it fails. */
      let current: Promise<SiteError | undefined> = Promise.resolve(undefined)
      let failing = false
      /**
       * Checks everything a build would, then brings the images up to date; prints what is wrong.
       * Returns the content when it is valid, for the pages to render without reading it again.
       */
      const check = async (): Promise<Content | undefined> => {
        const result = await validateProject(paths, { schemas: true })
        const refused = validationError(
          result,
          'save: the page reloads by itself',
          'The browser shows them in place of the pages.',
        )
        current = Promise.resolve(refused)
        if (refused) {
          printError(refused)
          failing = true
          return
        }
        if (!result.content) return
        try {
          // public/media and the image cache are a build's too: a build running beside this preview
          // finishes first (this waits, saying so), and a build started now waits for the encode.
          const content = result.content
          const made = await withCheckout(paths, { command: 'site dev', wait: true, say: console.log }, () =>
            runImages(content, paths),
          )
          console.log(summaryLine(made))
          if (result.schemasNote) console.log(result.schemasNote)
          if (failing) console.log('The content is valid again.')
          failing = false
          return result.content
        } catch (error) {
          printError(error)
          current = Promise.resolve(isSiteError(error) ? error : undefined)
          failing = true
        }
      }
      // With images from an earlier run the server starts at once and checks and updates behind it.
      const imagesMade = await access(manifestFile(paths)).then(
        () => true,
        () => false,
      )
      if (!imagesMade) await check()
      const { dev } = await import('vike/api')
      const { viteServer } = await dev({
        viteConfig: {
          root: paths.root,
          server: { port, host: options.host },
          plugins: [devErrorPlugin(() => current), searchInDev(), intake],
        },
      })
      // Vike's dev() already listens.
      viteServer.printUrls()
      const refresh = serialised(async () => {
        const checked = check()
        current = checked.then(() => current)
        const content = await checked
        // Reset after the images: a request during the encode may have cached the old manifest.
        reloadContent(viteServer, content && { dir: paths.content, content })
        // A product added to the menu can be enquired about at once.
        if (content) await intake.reload(content.products.map((p) => p.slug))
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
