import { createHash } from 'node:crypto'
import { constants, statSync } from 'node:fs'
import { copyFile, cp, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import { pageFor } from '../../lib/pages.ts'
import type { RenderContext } from '../../model/context.ts'
import { expectedRoutes } from '../../model/page-routes.ts'
import type { ProjectPaths } from '../../model/paths.ts'
import { contentModules } from '../../vite/site-plugin.ts'
import { readJson } from '../cache-file.ts'
import { sha256 } from '../hash.ts'
import { readBuildInfo } from './build-info.ts'
import { type DataContext, PAGE_DATA } from './page-data.ts'

/**
 * What a build needs to know to redo only what changed since the last one (docs/decisions.md,
 * "Incremental builds"). A page's HTML is a function of the bundle (the site's code, its configuration
 * and the modules made from the content) and of its own data (what its `+data` hook returns), so:
 *
 * - the **tool key** hashes every file of code and configuration that can change what a build writes;
 * - the **bundle key** hashes the tool key with the content modules compiled into the bundle
 *   (`virtual:site`, `virtual:catalogue`, `virtual:products`): while it holds, the last bundle is reused;
 * - each **route key** hashes the bundle key, the route and its page's data: while it holds, the page the
 *   last build wrote is copied instead of rendered again.
 *
 * A build that renders only part of the site writes the same bytes a full build would: that is what
 * `cli/build/incremental.test.ts` holds, for edits, additions, deletions, renames, images and facts.
 */

/** The last build, as the next one reads it: `.cache/build/state.json`. */
export interface BuildState {
  /** The build this describes: it must match `dist/build.json`, or the site in dist/ is another one. */
  builtAt: string
  toolKey: string
  bundleKey: string
  /** Each route's key. */
  routes: Record<string, string>
  /** The identity of the page files the next build may take over, as they were left (`pagesStamp`). */
  pages: string
}

/** What this build can take over from the last one. */
export interface BuildPlan {
  toolKey: string
  bundleKey: string
  routes: Record<string, string>
  /** The bundle to reuse (its folder in the cache), when the last one was made from the same inputs. */
  bundle: string | undefined
  /** The pages to render; undefined: every page (no last build to copy from, or it cannot be trusted). */
  render: ReadonlySet<string> | undefined
  /** The last build's site, whose pages outside `render` are copied. */
  previous: string | undefined
}

/** Folders of code whose files can change what a build writes (tests aside). */
const CODE = ['bin', 'cli', 'components', 'lib', 'model', 'pages', 'types', 'vite']
/** Configuration at the project's root. */
const CONFIG = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts']

/** Where the build keeps what it learnt: the state, and the bundles by key. */
export const buildCacheDir = (paths: ProjectPaths) => path.join(paths.cache, 'build')

/**
 * The hash of the tool's code and configuration: every file under {@link CODE} but tests, and the
 * {@link CONFIG} files, by path and content. A change to any of them makes the next build a full one.
 */
export async function toolKey(root: string): Promise<string> {
  const files: string[] = []
  for (const folder of CODE) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(
      () => [],
    )
    for (const entry of entries)
      if (entry.isFile() && !/\.(test|spec)\.tsx?$/.test(entry.name))
        files.push(path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  }
  files.push(...CONFIG)
  const hash = createHash('sha256')
  for (const file of files.sort()) {
    const bytes = await readFile(path.join(root, file)).catch(() => undefined)
    hash
      .update(file)
      .update('\0')
      .update(bytes ?? '(missing)')
      .update('\0')
  }
  return hash.digest('hex')
}

/** The parameter a `:param` route gives its page (`/products/:slug` → `{ slug }`). */
function paramsOf(route: string): Record<string, string> {
  const page = pageFor(route)
  const name = page?.each ? /:([a-z]+)$/i.exec(page.path)?.[1] : undefined
  return name ? { [name]: route.slice(route.lastIndexOf('/') + 1) } : {}
}

/** Every route's key: the bundle key, the route and its page's data, as its `+data` hook gives it. */
export async function routeKeys(bundle: string, ctx: RenderContext): Promise<Record<string, string>> {
  const keys: Record<string, string> = {}
  for (const route of expectedRoutes(ctx.content)) {
    const page = pageFor(route)
    if (!page) throw new Error(`${route} belongs to no page of lib/pages.ts`)
    const context: DataContext = { urlPathname: route, routeParams: paramsOf(route) }
    keys[route] = sha256(bundle, route, JSON.stringify(await PAGE_DATA[page.key](context)))
  }
  return keys
}

/** The last build's state, when dist/ still holds the site it describes. */
export async function readState(paths: ProjectPaths): Promise<BuildState | undefined> {
  const state = readJson(path.join(buildCacheDir(paths), 'state.json')) as BuildState | null | undefined
  if (!state) return undefined
  const built = await readBuildInfo(paths.client)
  if (built?.builtAt !== state.builtAt) return undefined
  // dist/build.json says which build dist/ holds; the stamp says its pages were left as it wrote them.
  return state.pages === pagesStamp(paths.client, Object.keys(state.routes)) ? state : undefined
}

/**
 * The identity of the files a build may take over from dist/client (the pages of `routes` that
 * `copyPages` copies), as one hash: each file's inode, size and time of last change. Recorded as a
 * build is promoted and compared before the next takes anything over, so a dist/client that something
 * else changed since (a copy of another build put in its place, a page rewritten by a deploy script)
 * is rendered afresh instead of copied: a copy or a rewrite makes a new inode or a new time. One
 * stat per file, one after another: 4,016 files at 1,000 products took 100 to 200 ms as promises
 * through the thread pool, 26 to 86 ms as plain calls (both measured beside a CI run).
 */
export function pagesStamp(client: string, routes: readonly string[]): string {
  const seen = routes.flatMap(builtFiles).map((file) => {
    const info = statSync(path.join(client, file), { bigint: true, throwIfNoEntry: false })
    return `${file} ${info ? `${info.ino}:${info.size}:${info.mtimeNs}` : '-'}`
  })
  return sha256(...seen)
}

/** Records the build just promoted, for the next one. */
export async function writeState(paths: ProjectPaths, state: BuildState): Promise<void> {
  const dir = buildCacheDir(paths)
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'state.json.tmp'), JSON.stringify(state))
  await rename(path.join(dir, 'state.json.tmp'), path.join(dir, 'state.json'))
}

const fileExists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/** Where the bundle made from `key` is kept: the server bundle, the client's assets, Vike's manifest. */
export const bundleDir = (paths: ProjectPaths, key: string) => path.join(buildCacheDir(paths), 'bundles', key)

/**
 * What this build can take over: the bundle when its key is the last one's (and it is in the cache),
 * and, when dist/ still holds the last build of the same bundle, the pages whose key did not change.
 * `full` takes over nothing.
 */
export async function planBuild(
  paths: ProjectPaths,
  ctx: RenderContext,
  options: { full: boolean },
): Promise<BuildPlan> {
  const tool = await toolKey(paths.root)
  const bundleKey = sha256(tool, contentModules(ctx))
  const routes = await routeKeys(bundleKey, ctx)
  const none = { toolKey: tool, bundleKey, routes, bundle: undefined, render: undefined, previous: undefined }
  if (options.full) return none
  const bundle = (await fileExists(path.join(bundleDir(paths, bundleKey), 'complete')))
    ? bundleDir(paths, bundleKey)
    : undefined
  const state = await readState(paths)
  if (!bundle || state?.bundleKey !== bundleKey) return { ...none, bundle }
  const render = new Set(Object.keys(routes).filter((route) => state.routes[route] !== routes[route]))
  return { ...none, bundle, render, previous: paths.client }
}

/**
 * Keeps the bundle a build just made under its key (and only it: an older one is never used again
 * once the inputs moved on), from the staging folder before the pre-render removes the server bundle.
 */
export async function keepBundle(
  paths: ProjectPaths,
  key: string,
  staging: { root: string; client: string },
) {
  const all = path.join(buildCacheDir(paths), 'bundles')
  await rm(all, { recursive: true, force: true })
  const dir = bundleDir(paths, key)
  await mkdir(dir, { recursive: true })
  await cp(path.join(staging.root, 'server'), path.join(dir, 'server'), { recursive: true })
  await cp(path.join(staging.client, 'assets'), path.join(dir, 'assets'), { recursive: true })
  await cp(path.join(staging.root, 'assets.json'), path.join(dir, 'assets.json'))
  await writeFile(path.join(dir, 'complete'), '')
}

/**
 * Puts a kept bundle's client side in the staging folder as `vike build` would have left it: the
 * client's assets and manifest, and a copy of public/ (which Vite copies into the client). The server
 * bundle stays in the cache, where the pages are rendered from (render-pages.ts). The bundle's files
 * are hard links to the cache's (`linkInto`): nothing writes into them, and the cache only ever
 * removes its files. public/ is copied: an editor may change a file there in place, and the site
 * built from it must not change with it.
 */
export async function restoreBundle(
  bundle: string,
  staging: { root: string; client: string },
  publicDir: string,
) {
  await Promise.all([
    copyTree(path.join(bundle, 'assets'), path.join(staging.client, 'assets'), linkInto),
    copyTree(publicDir, staging.client, copyInto),
    cp(path.join(bundle, 'assets.json'), path.join(staging.root, 'assets.json')),
  ])
}

/**
 * Files copied at once. fs.cp walks a tree one file at a time (4.3 s for the 4,016 files of 2,008
 * unchanged pages at 1,000 products); copies side by side keep the disk and the thread pool busy.
 */
const COPIES_AT_ONCE = 32
const copying = pLimit(COPIES_AT_ONCE)

/**
 * Copies `from` to `to`, making `to`'s folder when it lacks one; false when `from` does not exist. A file
 * already at `to` stays: the pages are rendered before public/ is copied beside them (prerender.ts),
 * and a page wins over a file of public/ at its path, as in Vike's own build, which copies public/
 * first and writes the pages over it.
 */
function copyInto(from: string, to: string): Promise<boolean> {
  return copying(async () => {
    try {
      await copyFile(from, to, constants.COPYFILE_EXCL)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') return true
      if (code !== 'ENOENT') throw error
      if (!(await fileExists(from))) return false
      await mkdir(path.dirname(to), { recursive: true })
      await copyFile(from, to, constants.COPYFILE_EXCL)
    }
    return true
  })
}

/** Every file under `from` (if it exists) copied to the same place under `to`. */
async function copyTree(
  from: string,
  to: string,
  take: (from: string, to: string) => Promise<boolean>,
): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => [])
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const relative = path.relative(from, path.join(entry.parentPath, entry.name))
        return take(path.join(from, relative), path.join(to, relative))
      }),
  )
}

/** The files Vike writes for a route: its page, and the data client-side navigation fetches. */
export function routeFiles(route: string): string[] {
  const dir = route === '/' ? '' : `${route.slice(1)}/`
  return [`${dir}index.html`, `${dir}index.pageContext.json`]
}

/**
 * The files a built site holds for a route: Vike's ({@link routeFiles}), except for an address that
 * ends in `.html` (`/customercare.html`), which the pre-render flattens into that one file, its data
 * left out (prerender.ts, `flattenHtmlRoutes`).
 */
export function builtFiles(route: string): string[] {
  return route.endsWith('.html') ? [route.slice(1)] : routeFiles(route)
}

/**
 * The pages of `routes` this build does not render: those whose key held, fixed pages and `:param`
 * pages alike. A fixed page is as much a function of the bundle and its data as a product's: every
 * page reads the content through its own `+data` hook or the modules compiled into the bundle.
 */
export function unchangedRoutes(routes: readonly string[], rendered: ReadonlySet<string>): string[] {
  return routes.filter((route) => !rendered.has(route))
}

/**
 * Takes `files` (paths under the client folder) over from the last build's folder into this build's,
 * as hard links: the same bytes without copying them (the 4,016 files of 2,008 pages at 1,000
 * products took 0.6 to 1.1 s to copy). Nothing writes into a built file in place: a file is only ever
 * replaced whole (written under another name and renamed, as paint-first.ts does), which leaves the
 * last build's copy, and the baseline a release keeps for `site review`, as they were. Where a link
 * cannot be made (another file system, one that has none), the file is copied.
 *
 * Their folders are made first, each once: a link that first fails for want of its folder costs
 * four calls on the thread pool instead of one. A file the last build lacks is skipped.
 */
export async function copyPages(previous: string, client: string, files: readonly string[]): Promise<void> {
  const folders = new Set(files.map((file) => path.dirname(path.join(client, file))))
  await Promise.all([...folders].map((folder) => copying(() => mkdir(folder, { recursive: true }))))
  await Promise.all(files.map((file) => linkInto(path.join(previous, file), path.join(client, file))))
}

/**
 * `from` hard-linked as `to` (its folder made when missing, a file in the way replaced), or copied
 * where no link can be made; false when `from` does not exist.
 */
function linkInto(from: string, to: string): Promise<boolean> {
  return copying(async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(from, to)
        return true
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') {
          if (!(await fileExists(from))) return false
          await mkdir(path.dirname(to), { recursive: true })
        } else if (code === 'EEXIST') await rm(to, { force: true })
        // Another file system, or one without links.
        else break
      }
    }
    await copyFile(from, to)
    return true
  })
}
