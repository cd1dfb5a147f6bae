import { readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { renderFrom } from '../../renderer/context.ts'
import type { ProjectPaths } from '../../renderer/paths.ts'
import { paintFirstSite } from './paint-first.ts'
import type { Staging } from './staging.ts'

/**
 * Runs Vike's build with pre-rendering (the equivalent of `vike build`) into the staging folder and
 * counts the pages written. The bundler's warnings and timing reports show with `verbose` only; Vike's
 * list of every file it wrote is printed only when the build fails.
 */
export async function prerender(
  paths: ProjectPaths,
  staging: Staging,
  options: { verbose?: boolean } = {},
): Promise<{ pages: number }> {
  // Page data runs from the bundle in the staging folder's server/: it reads this project's content.
  renderFrom({ root: paths.root, drafts: false })
  const { build } = await import('vike/api')
  // Vike lists every file it writes with console.log and offers no setting for it: held back here, and
  // printed only when something goes wrong.
  const captured: unknown[][] = []
  const log = console.log
  if (!options.verbose) console.log = (...args: unknown[]) => captured.push(args)
  try {
    await build({
      viteConfig: {
        root: paths.root,
        logLevel: options.verbose ? 'info' : 'error',
        build: {
          outDir: staging.root,
          rolldownOptions: { checks: { bundlerTimings: options.verbose ?? false } },
        },
      },
    })
  } catch (error) {
    for (const args of captured) log(...args)
    throw error
  } finally {
    console.log = log
  }
  await flattenHtmlRoutes(staging.client)
  // Every page paints from HTML and CSS alone before it asks for any JavaScript (docs/decisions.md).
  await paintFirstSite(staging.client)
  return { pages: await countHtml(staging.client) }
}

/**
 * Vike writes the route `/customercare.html` as `customercare.html/index.html`; a static host must
 * find the file `customercare.html`. Nothing links to such routes inside the site, so their
 * `.pageContext.json` (used only for client-side navigation) is not needed and goes with the folder.
 */
export async function flattenHtmlRoutes(client: string): Promise<string[]> {
  const moved: string[] = []
  for (const entry of await readdir(client, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.endsWith('.html')) continue
    const folder = path.join(client, entry.name)
    const index = path.join(folder, 'index.html')
    if (!(await stat(index).catch(() => undefined))?.isFile()) continue
    const temp = `${folder}.flatten`
    await rename(index, temp)
    await rm(folder, { recursive: true })
    await rename(temp, folder)
    moved.push(entry.name)
  }
  return moved
}

async function countHtml(dir: string): Promise<number> {
  let n = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.html')) n++
  return n
}
