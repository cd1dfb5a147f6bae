import { mkdir, rename, rm, stat, utimes } from 'node:fs/promises'
import path from 'node:path'

/** What a build writes: the deployable site and Vike's server bundle, beside `dist/`'s other files. */
const OUTPUTS = ['client', 'server', 'assets.json', 'build.json'] as const

/** Where one build writes before it is promoted: inside dist/, so promoting it is a rename. */
export interface Staging {
  /** The folder Vike builds into (`build.outDir`): `<dist>/.staging`. */
  root: string
  /** The site being built: `<root>/client`. */
  client: string
}

/**
 * A fresh, empty staging folder for a build. A folder left by a build that was killed is removed
 * first: it never holds anything that was promoted.
 */
export async function createStaging(dist: string): Promise<Staging> {
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
 * two renames of one folder it is briefly absent). If a rename fails, what was moved aside goes back.
 * dist/client's time becomes the build's, which the next failed build reports.
 */
export async function promoteStaging(staging: Staging, dist: string): Promise<void> {
  const previous = path.join(dist, '.previous')
  await rm(previous, { recursive: true, force: true })
  await mkdir(previous)
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
    throw error
  }
  const now = new Date()
  await utimes(path.join(dist, 'client'), now, now).catch(() => undefined)
  await rm(previous, { recursive: true, force: true })
  await discardStaging(staging)
}

/**
 * What dist/client holds now, for the message of a build that stopped: the time of the build that
 * made it, or that there is none.
 */
export async function lastBuildNote(dist: string): Promise<string> {
  const client = await stat(path.join(dist, 'client')).catch(() => undefined)
  if (!client?.isDirectory()) return 'dist/client was not there before this build and is still not.'
  return `dist/client is unchanged: it still holds the build of ${formatTime(client.mtime)}.`
}

/** `2026-11-26 14:05:09`, in local time. */
export function formatTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )
