import { statSync } from 'node:fs'

/**
 * Whether `file` is a file, asked synchronously as the build reads its own pages (docs/decisions.md,
 * "The build reads its own pages synchronously"). False when it is missing, a folder, or a path through
 * a file (`a.webp/index.html`, which fails with ENOTDIR rather than ENOENT).
 */
export function isFileSync(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false
  } catch {
    return false
  }
}
