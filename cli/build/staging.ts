import { spawn } from 'node:child_process'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { formatTime } from '../timing.ts'
import { readBuildInfo } from './build-info.ts'

/**
 * What a build puts in place: the deployable site, Vike's asset manifest and what the build was made
 * with, beside `dist/`'s other files. (Vike's server bundle is removed after the pre-render.)
 */
const OUTPUTS = ['client', 'assets.json', 'build.json'] as const

/**
 * Where a promotion keeps the release build it replaced, outside the deployable dist/client: the
 * baseline `site review` compares the next site with (docs/decisions.md, "Release").
 */
export const BASELINE = 'baseline'

/** Present while a promotion is under way: a build killed then is rolled back by the next one. */
const PROMOTING = '.promoting'

/** Where one build writes before it is promoted: inside dist/, so promoting it is a rename. */
export interface Staging {
  /** The folder Vike builds into (`build.outDir`): `<dist>/.staging`. */
  root: string
  /** The site being built: `<root>/client`. */
  client: string
}

/**
 * A fresh, empty staging folder for a build. What a build that was killed left is dealt with first: a
 * promotion cut short is rolled back (the previous site goes back in place, whole), and the staging
 * folder, which never holds anything promoted, is removed.
 */
export async function createStaging(dist: string, trash?: string): Promise<Staging> {
  await rollBackInterrupted(dist)
  // What an earlier build threw away and did not see deleted (its deleting process was killed).
  if (trash)
    for (const left of await readdir(trash).catch(() => [] as string[])) deleteAside(path.join(trash, left))
  const root = path.join(dist, '.staging')
  await rm(root, { recursive: true, force: true })
  await mkdir(root, { recursive: true })
  return { root, client: path.join(root, 'client') }
}

/** Throws the staging folder away, leaving dist/ as it was before the build. */
export async function discardStaging(staging: Staging): Promise<void> {
  await rm(staging.root, { recursive: true, force: true })
}

/**
 * Puts a finished build in place: each output moves from the staging folder into dist/ by rename, the
 * previous ones aside first and deleted last, so dist/client is never half old, half new (between the
 * two renames of one folder it is briefly absent). If a rename fails, what was moved aside goes back;
 * if the process is killed meanwhile, the next build puts it back (`rollBackInterrupted`). Once every
 * output is in place the build has succeeded: removing what was set aside is tidying, and its failure
 * is no failure of the build. What was set aside is kept as dist/baseline instead when it was a release
 * build (`keepReplacedRelease`).
 */
export async function promoteStaging(staging: Staging, dist: string, trash?: string): Promise<void> {
  const previous = path.join(dist, '.previous')
  await rm(previous, { recursive: true, force: true })
  await mkdir(previous)
  await writeFile(path.join(dist, PROMOTING), '')
  const movedAside: string[] = []
  const promoted: string[] = []
  try {
    for (const name of OUTPUTS) {
      if (!(await exists(path.join(staging.root, name)))) continue
      if (await exists(path.join(dist, name))) {
        await rename(path.join(dist, name), path.join(previous, name))
        movedAside.push(name)
      }
      await rename(path.join(staging.root, name), path.join(dist, name))
      promoted.push(name)
    }
  } catch (error) {
    for (const name of promoted) await rm(path.join(dist, name), { recursive: true, force: true })
    for (const name of movedAside) await rename(path.join(previous, name), path.join(dist, name))
    await rm(path.join(dist, PROMOTING), { force: true })
    throw error
  }
  await rm(path.join(dist, PROMOTING), { force: true })
  await keepReplacedRelease(dist, previous, trash).catch(() => undefined)
  await throwAway(previous, trash).catch(() => undefined)
  await discardStaging(staging).catch(() => undefined)
}

/**
 * Removes `dir`. With a `trash` folder (`.cache/discarded/`, on the same disk as dist/), it is renamed
 * there at once and deleted by a process of its own that the build does not wait for: deleting the
 * ten thousand files of the site a build replaced took 1 to 2 s at 1,000 products, and the build is
 * done once its site is in place. A deletion cut short is finished by the next build
 * (`createStaging`). Without `trash`, or when the rename fails, it is deleted here.
 */
async function throwAway(dir: string, trash: string | undefined): Promise<void> {
  if (!(await exists(dir))) return
  if (trash) {
    const aside = path.join(trash, `${Date.now()}-${process.pid}-${++thrown}`)
    const moved = await mkdir(trash, { recursive: true })
      .then(() => rename(dir, aside))
      .then(
        () => true,
        () => false,
      )
    if (moved) return deleteAside(aside)
  }
  await rm(dir, { recursive: true, force: true })
}

let thrown = 0

/** Deletes `dir` in a detached process that may outlive this one; here, if that cannot start. */
function deleteAside(dir: string): void {
  const script = "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })"
  const child = spawn(process.execPath, ['-e', script, dir], { detached: true, stdio: 'ignore' })
  child.on('error', () => rm(dir, { recursive: true, force: true }).catch(() => undefined))
  child.unref()
}

/**
 * The site a promotion replaced becomes dist/baseline when its build.json says it was a release build,
 * replacing the baseline before it; a plain build set aside is only tidied away, leaving the baseline
 * alone. So the baseline is always the last release that is no longer in dist/client, whatever plain
 * builds (`npm test`, `npm start`) ran in between: reviewing a release against a local build of the
 * same content would show nothing changed.
 */
async function keepReplacedRelease(dist: string, previous: string, trash: string | undefined): Promise<void> {
  const replaced = await readBuildInfo(path.join(previous, 'client'))
  if (!replaced?.release) return
  const baseline = path.join(dist, BASELINE)
  await throwAway(baseline, trash)
  await rename(previous, baseline)
}

/**
 * A promotion a killed build left half done (its marker still there): every output it set aside goes
 * back in place of what it had moved in, so dist/ holds the previous build whole, as that build's
 * failure message promises. Without the marker, a `.previous` folder is only left-over tidying.
 */
async function rollBackInterrupted(dist: string): Promise<void> {
  const previous = path.join(dist, '.previous')
  if (await exists(path.join(dist, PROMOTING)))
    for (const name of OUTPUTS) {
      if (!(await exists(path.join(previous, name)))) continue
      await rm(path.join(dist, name), { recursive: true, force: true })
      await rename(path.join(previous, name), path.join(dist, name))
    }
  await rm(path.join(dist, PROMOTING), { force: true })
  await rm(previous, { recursive: true, force: true })
}

/**
 * What dist/client holds now, for the message of a build that stopped: the time of the build that
 * made it (from its `build.json`; the folder's time for a build older than that file), or that there
 * is none.
 */
export async function lastBuildNote(dist: string): Promise<string> {
  const client = path.join(dist, 'client')
  const folder = await stat(client).catch(() => undefined)
  if (!folder?.isDirectory()) return 'dist/client was not there before this build and is still not.'
  const built = (await readBuildInfo(client))?.builtAt
  return `dist/client is unchanged: it still holds the build of ${formatTime(built ? new Date(built) : folder.mtime)}.`
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )
