import { realpath } from 'node:fs/promises'
import path from 'node:path'

/** Each project root as the file system resolves it, looked up once per process. */
const roots = new Map<string, Promise<string>>()

/**
 * Where `file` really is when a symbolic link (the file's own, or a folder's on the way) leads out of
 * the project at `root`, or undefined when it stays inside or does not exist. Git keeps such a link as
 * a path on the machine that made it: every other checkout, and the build server, lacks the file.
 */
export async function outsideProject(file: string, root: string): Promise<string | undefined> {
  let top = roots.get(root)
  if (!top) {
    top = realpath(root).catch(() => path.resolve(root))
    roots.set(root, top)
  }
  const real = await realpath(file).catch(() => undefined)
  if (!real) return undefined
  const inside = path.relative(await top, real)
  return inside.startsWith('..') || path.isAbsolute(inside) ? real : undefined
}
