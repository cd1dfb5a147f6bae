import { readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { resetRenderContext } from '../../renderer/context.ts'
import type { ProjectPaths } from '../../renderer/paths.ts'
import { paintFirstSite } from './paint-first.ts'

/** Runs Vike's build with pre-rendering (the equivalent of `vike build`) and counts the pages written. */
export async function prerender(paths: ProjectPaths): Promise<{ pages: number }> {
  resetRenderContext()
  // Page data runs from the bundle in dist/server, where the module's own location no longer names
  // the project: tell it where the project is.
  process.env.SITE_ROOT = paths.root
  const { build } = await import('vike/api')
  // Vike lists every file it writes; keep that for when something goes wrong, not for every build.
  const captured: unknown[][] = []
  const log = console.log
  console.log = (...args: unknown[]) => captured.push(args)
  try {
    await build({ viteConfig: { root: paths.root, logLevel: 'warn' } })
  } catch (error) {
    for (const args of captured) log(...args)
    throw error
  } finally {
    console.log = log
  }
  await flattenHtmlRoutes(paths.client)
  // Every page paints from HTML and CSS alone before it asks for any JavaScript (docs/decisions.md).
  await paintFirstSite(paths.client)
  return { pages: await countHtml(paths.client) }
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
