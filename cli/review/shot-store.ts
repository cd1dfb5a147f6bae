import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { shotHash } from './capture.ts'

/**
 * The PNGs of the shots the last review used or took (`.cache/review-shots/<sha256>.png`), each named
 * by the SHA-256 of its bytes: the pixels behind the hashes the shot cache (`shot-cache.ts`) files
 * under a page's inputs. With them, a side known from the cache is read, not shot, even where its
 * pixels are needed for a difference: after a change to every page (a shared stylesheet), the baseline
 * is the site an earlier review shot as new, so only the new site is shot.
 *
 * A file is trusted only if its bytes hash to its name: a missing, torn or altered file is shot again.
 * After each review the folder is pruned to the shots that review used or took, on both sides: about
 * one or two sites' shots, never more.
 */
export interface ShotStore {
  /** The PNG whose bytes hash to `hash`, or undefined when there is none or its bytes do not. */
  read(hash: string): Promise<Buffer | undefined>
  /** Keeps `png`, whose SHA-256 is `hash`. */
  write(hash: string, png: Buffer): Promise<void>
  /** Deletes every PNG not named in `keep` (and what a killed review left half written). */
  prune(keep: ReadonlySet<string>): Promise<{ kept: number; removed: number; bytes: number }>
}

const NAME = /^([0-9a-f]{64})\.png$/

export function openShotStore(folder: string): ShotStore {
  const file = (hash: string) => path.join(folder, `${hash}.png`)
  return {
    async read(hash) {
      const png = await readFile(file(hash)).catch(() => undefined)
      return png && shotHash(png) === hash ? png : undefined
    },
    async write(hash, png) {
      await mkdir(folder, { recursive: true })
      // A reader (this review's other pages, or the next review after a kill) never sees half a file.
      const temporary = path.join(folder, `${hash}.${randomUUID()}.tmp`)
      await writeFile(temporary, png)
      await rename(temporary, file(hash))
    },
    async prune(keep) {
      const names = await readdir(folder).catch(() => [] as string[])
      let kept = 0
      let removed = 0
      let bytes = 0
      for (const name of names) {
        const hash = NAME.exec(name)?.[1]
        if (hash && keep.has(hash)) {
          kept++
          bytes += (await stat(path.join(folder, name)).catch(() => undefined))?.size ?? 0
        } else {
          removed++
          await rm(path.join(folder, name), { force: true, recursive: true })
        }
      }
      return { kept, removed, bytes }
    },
  }
}
