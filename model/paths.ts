import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder above `from` (or `from` itself) that holds package.json. Found by looking rather than by
 * counting `..`, because this module also runs from the compiled CLI in .cache/cli/ (bin/site.js).
 */
export function projectRootFrom(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) return path.resolve(from, '..')
  }
}

/** The project root: the folder that holds package.json, content/ and pages/. */
export const PROJECT_ROOT = projectRootFrom(path.dirname(fileURLToPath(import.meta.url)))

/** Where things live, relative to a project root (tests point it at fixture folders). */
export function projectPaths(root = PROJECT_ROOT) {
  return {
    root,
    content: path.join(root, 'content'),
    images: path.join(root, 'content', 'images'),
    schemas: path.join(root, 'content', 'schemas'),
    /** Vite's public folder: copied as-is into dist/client. */
    public: path.join(root, 'public'),
    /** The embedded storage base: brochures live in public/storage/brochures. */
    storage: path.join(root, 'public', 'storage'),
    /** Encoded images; served under the asset base. */
    media: path.join(root, 'public', 'media'),
    /** Build caches CI can keep between runs. */
    cache: path.join(root, '.cache'),
    dist: path.join(root, 'dist'),
    client: path.join(root, 'dist', 'client'),
    data: path.join(root, 'data'),
  }
}

export type ProjectPaths = ReturnType<typeof projectPaths>
