import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { resolveFile } from '../../server/static.ts'
import { sha256 } from '../hash.ts'

/**
 * What earlier reviews saw (`.cache/review-shots.json`): for each route, the SHA-256 of its shots at
 * each width, filed under the page's **inputs**: the bytes of every file the page asked its server for
 * while it was shot (its HTML, scripts, styles, data, images and fonts, a path that was not found as
 * not found), the route, its asset base, the review's own code and the browser's version. A page is a
 * function of those (the review's premise, which `npm run bench -- review` checks three times over with
 * `--fresh`), so a page whose files have the same bytes now shoots the same PNGs.
 *
 * A page's inputs are checked without a browser: the files an earlier shot of the route loaded are
 * read on the side under review (a few, each read once per review) and hashed. That is what makes a
 * review fast: a page whose files did not change since a review saw it is not shot, on either side;
 * the release a build replaces becomes dist/baseline byte for byte, so the baseline is known from the
 * review that looked at it as the new site; and where both sides of a page have the same bytes (a
 * change elsewhere in the site), one shot serves both. The hashes are kept here; the PNGs behind them,
 * for a side whose pixels a difference needs, in the shot store (`shot-store.ts`).
 */
export interface ShotCache {
  /** The hashes of `route`'s shots at `widths` if an earlier shot's inputs are this side's bytes now. */
  find(side: CacheSide, route: string, widths: readonly number[]): Promise<string[] | undefined>
  /** What a shot of `route` on `side` loaded and the hash of its shot at each width. */
  remember(
    side: CacheSide,
    route: string,
    loads: readonly string[],
    shots: Record<number, string>,
  ): Promise<void>
  save(): Promise<void>
}

/** A side as the cache reads it: its folder and what else decides how its pages look. */
export interface CacheSide {
  client: string
  /** The browser's version, the review's code and the side's asset base (`cacheSide`). */
  shared: string
  /** Each file's hash, read once per review (many pages load the same scripts and styles). */
  files: Map<string, Promise<string>>
}

/** Records kept per route: the pages of the last few builds a review looked at. */
const RECORDS_KEPT = 8

interface PageRecord {
  inputs: string
  loads: string[]
  shots: Record<number, string>
}

type Stored = { version: 2; routes: Record<string, PageRecord[]> }

export async function openShotCache(file: string): Promise<ShotCache> {
  let stored: Stored = { version: 2, routes: {} }
  try {
    const read = JSON.parse(await readFile(file, 'utf8')) as Stored
    if (read.version === 2 && read.routes && typeof read.routes === 'object') stored = read
  } catch {
    // No earlier review, or an unreadable file (or one in an older form): every page is shot.
  }
  return {
    async find(side, route, widths) {
      for (const record of stored.routes[route] ?? []) {
        if (!widths.every((width) => record.shots[width])) continue
        if ((await pageInputs(side, route, record.loads)) === record.inputs)
          return widths.map((width) => record.shots[width] as string)
      }
      return undefined
    },
    async remember(side, route, loads, shots) {
      const inputs = await pageInputs(side, route, loads)
      const others = (stored.routes[route] ?? []).filter((record) => record.inputs !== inputs)
      stored.routes[route] = [{ inputs, loads: [...loads], shots }, ...others].slice(0, RECORDS_KEPT)
    },
    async save() {
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.tmp`
      await writeFile(temporary, JSON.stringify(stored))
      await rename(temporary, file)
    },
  }
}

/** A side for the cache: its folder, the review's code (`reviewCode`) and the asset base it is served with. */
export function cacheSide(client: string, code: string, assetBase: string | undefined): CacheSide {
  return { client, shared: sha256(code, assetBase ?? ''), files: new Map() }
}

/** The files whose code decides how a page is shot: the review's own, and how Chromium is launched. */
const REVIEW_CODE = ['cli/review', 'cli/chromium.ts']

/** What decides how every page of both sides is shot: the browser's version and the review's code. */
export async function reviewCode(root: string, browserVersion: string): Promise<string> {
  const parts: string[] = [browserVersion]
  for (const code of REVIEW_CODE)
    parts.push(await folderHash(path.join(root, code), (name) => !/\.test\.ts$/.test(name)))
  return sha256(...parts)
}

/** The inputs of `route` on `side` if it loads `loads`: every path with what the server answers it with. */
async function pageInputs(side: CacheSide, route: string, loads: readonly string[]): Promise<string> {
  const parts = [side.shared, route]
  for (const load of loads) parts.push(load, await fileHash(side, load))
  return sha256(...parts)
}

/**
 * What the review's server answers `load` with on `side` (cli/review/serve-folder.ts), as a hash: the
 * file it serves (its name, which gives its type, and its bytes), or 404.html with status 404. `url:`
 * addresses are never reached.
 */
function fileHash(side: CacheSide, load: string): Promise<string> {
  let hash = side.files.get(load)
  if (!hash) {
    hash = load.startsWith('/') ? answerHash(side.client, load) : Promise.resolve('(not reached)')
    side.files.set(load, hash)
  }
  return hash
}

async function answerHash(client: string, load: string): Promise<string> {
  const found = await resolveFile(client, load).catch(() => undefined)
  const bytes = await readFile(path.join(client, found ?? '404.html')).catch(() => '(missing)')
  return sha256(found ?? '404', bytes)
}

/** Every file under `dir` (or `dir` itself, a file) by path and content. */
async function folderHash(dir: string, keep: (name: string) => boolean): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => undefined)
  if (!entries) return sha256(await readFile(dir).catch(() => '(missing)'))
  const files = entries
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
  const parts: (string | Uint8Array)[] = []
  for (const file of files) parts.push(file, await readFile(path.join(dir, file)))
  return sha256(...parts)
}
