import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'node-html-parser'

/**
 * The zero-JS floor of a page: the same HTML with every script it would run removed (module entries,
 * inline scripts, Vike's page context and module preloads). JSON-LD stays: it is data, never run.
 */
export function stripScripts(html: string): string {
  const root = parse(html, { comment: true })
  for (const script of root.querySelectorAll('script'))
    if (script.getAttribute('type') !== 'application/ld+json') script.remove()
  for (const link of root.querySelectorAll('link[rel="modulepreload"]')) link.remove()
  return root.toString()
}

/** Copies a built site to `dest` with every HTML file reduced to its zero-JS floor. */
export async function writeFloorCopy(client: string, dest: string): Promise<number> {
  await cp(client, dest, { recursive: true })
  let pages = 0
  for (const entry of await readdir(dest, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.join(entry.parentPath, entry.name)
    await writeFile(file, stripScripts(await readFile(file, 'utf8')))
    pages++
  }
  return pages
}
