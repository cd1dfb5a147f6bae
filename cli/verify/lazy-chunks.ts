import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { BuiltPage } from '../build/cdn-files.ts'
import { pageScripts, staticImports } from '../build/paint-first.ts'
import type { Failure } from './verify.ts'

/** What one built module imports: statically, and lazily with a written-out specifier. */
interface ModuleImports {
  static: string[]
  lazy: string[]
}

/**
 * The modules a built chunk imports with a written-out `import('./x.js')`, as URL paths. Vike's page
 * chunks are left out: when one fails, Vike loads the page in full, with a fresh module map.
 */
export function lazyImports(url: string, code: string): string[] {
  const found = code.matchAll(/\bimport\(\s*[`"'](\.{1,2}\/[^`"'$]+)[`"']\s*\)/g)
  return [...found]
    .map((match) => new URL(match[1] ?? '', `http://site${url}`).pathname)
    .filter((target) => !target.includes('/entries/pages_'))
}

/**
 * Problems with what each page loads lazily: a module fetched on first use (form rules, toasts,
 * search) may statically import only modules the page loaded first. A lazy module is retried under a
 * new URL after a failure (lib/retrying-import.ts), but what it imports statically keeps its one URL,
 * and browsers that keep failed modules would never load it again for the rest of the visit. The fix
 * is a code-splitting group that puts the two together (vite.config.ts). One problem per pair of
 * modules, on the first page that has it.
 */
export function lazyChunkProblems(
  pages: readonly Pick<BuiltPage, 'route' | 'file' | 'html'>[],
  importsOf: (url: string) => ModuleImports,
): Failure[] {
  const found = new Map<string, Failure & { pages: number }>()
  for (const page of pages) {
    const scripts = pageScripts(page.html)
    if (!scripts) continue
    const first = new Set([scripts.entry, ...scripts.preload])
    const seen = new Set([...first].flatMap((url) => importsOf(url).lazy).filter((url) => !first.has(url)))
    const lazy = [...seen]
    for (const module of lazy) {
      for (const dependency of importsOf(module).static) {
        if (first.has(dependency)) continue
        const key = `${module} ${dependency}`
        const known = found.get(key)
        if (known) known.pages++
        else
          found.set(key, {
            page: page.route,
            file: module.slice(1),
            pages: 1,
            message: `the lazily loaded ${module} statically imports ${dependency}, which the page does not load first: if that one fails to load once, ${module} cannot load for the rest of the visit. Put them in one chunk (a code-splitting group in vite.config.ts)`,
          })
      }
      for (const next of importsOf(module).lazy)
        if (!first.has(next) && !seen.has(next)) {
          seen.add(next)
          lazy.push(next)
        }
    }
  }
  return [...found.values()].map(({ pages, ...failure }) =>
    pages > 1 ? { ...failure, message: `${failure.message} (and on ${pages - 1} more pages)` } : failure,
  )
}

/** Reads what every built JavaScript module imports, keyed by URL path. */
export async function readModuleImports(client: string): Promise<(url: string) => ModuleImports> {
  const imports = new Map<string, ModuleImports>()
  const assets = path.join(client, 'assets')
  const files = await readdir(assets, { recursive: true }).catch(() => [] as string[])
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const url = `/assets/${file.split(path.sep).join('/')}`
    const code = await readFile(path.join(assets, file), 'utf8')
    imports.set(url, { static: staticImports(url, code), lazy: lazyImports(url, code) })
  }
  return (url) => imports.get(url) ?? { static: [], lazy: [] }
}
