import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin } from 'vite'
import type { IntakeApp } from '../../server/app.ts'

export interface DevIntakeOptions {
  contentDir: string
  /** The scratch folder the preview's submissions go to (never the real `data/`). */
  dataDir: string
  /** A folder for the app's static side, which the preview never asks for (Vite serves the pages). */
  staticDir: string
  /** Where to say where submissions go, and what went wrong. */
  say: (line: string) => void
}

/** A request for the intake API, which `site serve` answers under `/api`. */
export const isApiRequest = (url: string | undefined) => /^\/api(\/|\?|$)/.test(url ?? '')

/**
 * The intake API in `site dev`, as `site serve` runs it (the same app, validation and storage), so a
 * form can be tried in the preview before a build. Requests under `/api` go to the app; submissions
 * go to a scratch SQLite store, and no e-mail or webhook is sent. `reload(slugs)` builds the app again
 * when the products changed (a product added to the menu can be enquired about at once); an edit that
 * keeps the same products leaves the running app alone.
 */
export function intakeInDev(
  options: DevIntakeOptions,
): Plugin & { reload(productSlugs: readonly string[]): Promise<void> } {
  let app: Promise<IntakeApp> | undefined
  /** The products the running app accepts. */
  let accepted = ''
  const start = async (known?: readonly string[]) => {
    const [{ createApp }, { readServerContent }] = await Promise.all([
      import('../../server/app.ts'),
      import('../../server/site-config.ts'),
    ])
    const productSlugs = known ?? (await readServerContent(options.contentDir)).productSlugs
    accepted = productSlugs.join('\n')
    return createApp({
      dist: options.staticDir,
      dataDir: options.dataDir,
      productSlugs: [...productSlugs],
      // The preview's own origin is accepted by address; no other site posts to it.
      siteOrigin: undefined,
      rateLimit: 0,
      log: (line) => {
        if (line.startsWith('error') || line.startsWith('storage')) options.say(`intake API: ${line}`)
      },
    })
  }
  const close = async () => {
    const running = app
    app = undefined
    await running?.then((a) => a.fastify.close()).catch(() => undefined)
  }
  return {
    name: 'site-intake-dev',
    apply: 'serve',
    async reload(productSlugs) {
      if (app && productSlugs.join('\n') === accepted) return
      await close()
      app = start(productSlugs)
      await app.catch(() => undefined)
    },
    configureServer(server) {
      app = start()
      app.then(
        () =>
          options.say(
            `Forms post to the intake API at /api; submissions go to ${path.relative(process.cwd(), options.dataDir) || '.'} (a scratch store: \`site submissions list --data ${path.relative(process.cwd(), options.dataDir)}\` reads it; nothing is e-mailed).`,
          ),
        (error: unknown) =>
          options.say(`intake API not started: ${error instanceof Error ? error.message : String(error)}`),
      )
      server.httpServer?.once('close', () => void close())
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (!isApiRequest(req.url) || !app) return next()
        app.then(
          (running) => running.fastify.routing(req, res),
          () => next(),
        )
      })
    },
  }
}
