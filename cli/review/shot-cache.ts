import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sha256 } from '../hash.ts'

/**
 * What earlier reviews saw, by the SHA-256 of each shot (`.cache/review-shots.json`), filed under a key
 * for each side: the bytes of every file of the built site, its asset base, the review's own code and
 * the browser's version. A page is a function of those, so a side with the same key shoots the same
 * PNGs (what `npm run bench -- review` checks, three times over, with `--fresh`).
 *
 * This is what makes a review fast in the release loop: the release a build replaces becomes
 * dist/baseline byte for byte, so its shots are known from the review that looked at it as the new
 * site; a review then shoots the new side, and shoots a baseline page only where the new one's hash
 * differs from the known one (its pixels are needed for the difference). Only hashes are kept, never
 * the PNGs (a full-page shot is up to a few MB).
 */
export interface ShotCache {
  /** The known hashes of a route's shots on a side, by width. */
  get(side: string, route: string): Readonly<Record<number, string>> | undefined
  set(side: string, route: string, width: number, hash: string): void
  save(): Promise<void>
}

/** Sides kept: the last few builds a review looked at. */
const SIDES_KEPT = 8

type Stored = { order: string[]; sides: Record<string, Record<string, Record<number, string>>> }

export async function openShotCache(file: string): Promise<ShotCache> {
  let stored: Stored = { order: [], sides: {} }
  try {
    const read = JSON.parse(await readFile(file, 'utf8')) as Stored
    if (Array.isArray(read.order) && read.sides && typeof read.sides === 'object') stored = read
  } catch {
    // No earlier review, or an unreadable file: every shot is taken.
  }
  const used = new Set<string>()
  return {
    get: (side, route) => stored.sides[side]?.[route],
    set(side, route, width, hash) {
      used.add(side)
      stored.sides[side] ??= {}
      const routes = stored.sides[side]
      routes[route] = { ...routes[route], [width]: hash }
    },
    async save() {
      const order = [...stored.order.filter((key) => !used.has(key)), ...used].slice(-SIDES_KEPT)
      const sides = Object.fromEntries(order.map((key) => [key, stored.sides[key] ?? {}]))
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.tmp`
      await writeFile(temporary, JSON.stringify({ order, sides }))
      await rename(temporary, file)
    },
  }
}

/** The files whose code decides how a page is shot: the review's own, and how Chromium is launched. */
const REVIEW_CODE = ['cli/review', 'cli/chromium.ts']

/** The key of one side: its files' bytes, the asset base it is served with, the review's code and browser. */
export async function sideKey(
  client: string,
  assetBase: string | undefined,
  root: string,
  browserVersion: string,
): Promise<string> {
  const parts: string[] = [browserVersion, assetBase ?? '']
  for (const code of REVIEW_CODE)
    parts.push(await folderHash(path.join(root, code), (name) => !/\.test\.ts$/.test(name)))
  parts.push(await folderHash(client, () => true))
  return sha256(...parts)
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
