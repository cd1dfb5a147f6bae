import { readdir } from 'node:fs/promises'
import path from 'node:path'

/**
 * The pre-rendered pages of a built site, as the routes a visitor types: `index.html` is `/`,
 * `aboutus/index.html` is `/aboutus`, and a page written as a file keeps its name
 * (`/customercare.html`, `/404.html`). Sorted, so a review's order never depends on the disk.
 */
export async function sitePages(client: string): Promise<string[]> {
  const entries = await readdir(client, { recursive: true, withFileTypes: true })
  const routes: string[] = []
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.relative(client, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    routes.push(file === 'index.html' ? '/' : `/${file.replace(/\/index\.html$/, '')}`)
  }
  return routes.sort()
}

/** What two sites have in common and what only one of them has. */
export function matchPages(baseline: readonly string[], site: readonly string[]) {
  const before = new Set(baseline)
  const after = new Set(site)
  return {
    common: site.filter((route) => before.has(route)),
    added: site.filter((route) => !before.has(route)),
    removed: baseline.filter((route) => !after.has(route)),
  }
}
