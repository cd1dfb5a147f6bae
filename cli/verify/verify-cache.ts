import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { BuildConfig } from '../../model/config.ts'
import { readJson, saveJson } from '../cache-file.ts'
import { sha256 } from '../hash.ts'
import type { PageVerdict } from './verify.ts'

/**
 * What earlier verifies found, for a build that changed only some pages (`.cache/build/verify.json`):
 * each page's verdict by its HTML, trusted while the tool's code, the settings and the list of files
 * in the site are what they were (a verdict depends on nothing else: scripts and data files are named
 * by their content's hash).
 */
export async function openVerifyCache(
  cacheDir: string,
  client: string,
  config: BuildConfig,
  toolKey: string,
) {
  const file = path.join(cacheDir, 'verify.json')
  // The search index and the data files are named by their content, which changes with any edit; no
  // page's HTML names the first, and a page that names a data file changes with its name. Their
  // folders go too: a build verifies its pages beside the search stage, which makes pagefind/ at a
  // time of its own (the folder alone in the listing made every verdict of a full build miss).
  // Read synchronously, as the pages are (cli/build/cdn-files.ts, listPages).
  const listing = (existsSync(client) ? readdirSync(client, { recursive: true, encoding: 'utf8' }) : [])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => !/^(pagefind|assets\/data)(\/|$)/.test(name))
    .sort()
    .join('\n')
  const pagesKey = sha256(`${toolKey}\n${JSON.stringify(config)}\n${listing}`)
  const saved = readJson(file) as
    | { toolKey: string; pagesKey: string; pages: Record<string, PageVerdict> }
    | null
    | undefined
  const pages = saved?.pagesKey === pagesKey ? saved.pages : {}
  const usedPages: Record<string, PageVerdict> = {}
  return {
    /** A page's verdict, when its HTML was judged before against the same site. */
    get(html: string): PageVerdict | undefined {
      const key = sha256(html)
      const verdict = pages[key]
      if (verdict) usedPages[key] = verdict
      return verdict
    },
    set(html: string, verdict: PageVerdict): void {
      usedPages[sha256(html)] = verdict
    },
    async save(): Promise<void> {
      await saveJson(file, { toolKey, pagesKey, pages: usedPages })
    },
  }
}

/**
 * Routes whose product or brochure name the last search check found first
 * (`.cache/build/search-found.json`), for this version of the tool: a search need not ask them again
 * while their page did not change (cli/verify/search.ts). A file of its own, since the build checks
 * its search index beside the verify of its pages.
 */
export async function openFoundCache(cacheDir: string, toolKey: string) {
  const file = path.join(cacheDir, 'search-found.json')
  const saved = readJson(file) as { toolKey: string; found: string[] } | null | undefined
  const routes = new Set(saved?.toolKey === toolKey && Array.isArray(saved.found) ? saved.found : [])
  return {
    routes,
    async save(): Promise<void> {
      await saveJson(file, { toolKey, found: [...routes].sort() })
    },
  }
}
