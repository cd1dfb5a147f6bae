import { readdir } from 'node:fs/promises'
import { resetRenderContext } from '../render/context.ts'
import type { ProjectPaths } from '../paths.ts'

/** Runs Vike's build with pre-rendering (the equivalent of `vike build`) and counts the pages written. */
export async function prerender(paths: ProjectPaths): Promise<{ pages: number }> {
  resetRenderContext()
  // Page data runs from the bundle in dist/server, where the module's own location no longer names
  // the project: tell it where the project is.
  process.env.SITE_ROOT = paths.root
  const { build } = await import('vike/api')
  await build({ viteConfig: { root: paths.root, logLevel: 'warn' } })
  return { pages: await countHtml(paths.client) }
}

async function countHtml(dir: string): Promise<number> {
  let n = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.html')) n++
  return n
}

