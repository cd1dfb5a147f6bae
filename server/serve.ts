import { existsSync } from 'node:fs'
import path from 'node:path'
import { SiteError } from '../lib/errors.ts'
import { type AppOptions, createApp, type IntakeApp } from './app.ts'

export interface ServeOptions extends AppOptions {
  port: number
  host: string
}

/** A listening server. */
export interface RunningServer extends IntakeApp {
  /** e.g. `http://127.0.0.1:4173`. */
  url: string
  port: number
  /** Stops accepting, finishes requests in flight, closes the database. */
  close(): Promise<void>
}

/** Builds the app and listens; `port: 0` picks a free port (read it from the result). */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  if (!existsSync(path.join(options.dist, 'index.html')))
    throw new SiteError(
      'no-build',
      `There is no built site in ${options.dist}.`,
      'run `site build` first (`npm start` builds, then serves), or point --dist at a built dist/client.',
    )
  const app = await createApp(options)
  try {
    await app.fastify.listen({ port: options.port, host: options.host })
  } catch (error) {
    await app.fastify.close()
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new SiteError(
        'cannot-listen',
        `Cannot listen on ${options.host}:${options.port} (${code}).`,
        code === 'EADDRINUSE'
          ? 'another program uses that port: stop it or pass --port N (0 picks a free one).'
          : 'pass a --host this machine has (127.0.0.1, or 0.0.0.0 for every interface) and a --port above 1023.',
      )
    throw error
  }
  const address = app.fastify.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return { ...app, port, url: `http://${host}:${port}`, close: () => app.fastify.close() }
}

/**
 * Closes the server on SIGTERM and SIGINT: no new connections, requests in flight finish, the
 * database closes. A second signal, or a shutdown that takes longer than `graceMs`, exits at once
 * (every answered submission is already committed, so nothing answered is lost).
 */
export function closeOnSignals(server: RunningServer, say: (line: string) => void, graceMs = 10_000): void {
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      say(`${signal} again: exiting now.`)
      process.exit(1)
    }
    closing = true
    say(`${signal}: finishing requests in flight, then closing the database...`)
    const force = setTimeout(() => {
      say(`Still busy after ${graceMs / 1000} s: closing the remaining connections.`)
      server.fastify.server.closeAllConnections()
    }, graceMs)
    force.unref()
    server.close().then(
      () => {
        clearTimeout(force)
        process.off('SIGTERM', onSignal)
        process.off('SIGINT', onSignal)
        say('Stopped.')
      },
      (error: unknown) => {
        say(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}
