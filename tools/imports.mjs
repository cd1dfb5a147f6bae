/**
 * The project's own source files and what each imports, read as text: the layer graph
 * (`npm run graph`, tools/import-graph.mjs) and the test that production code is not test support
 * (tools/test-support.test.ts) both read the tree through these two functions.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The project root. */
export const ROOT = path.resolve(import.meta.dirname, '..')

const SKIP = new Set(['node_modules', 'dist', '.cache', '.git', 'test-results', 'playwright-report', 'data'])

/** Every .ts, .tsx, .mjs and .js file under `dir` (the project root by default), absolute. */
export function* sourceFiles(dir = ROOT) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(full)
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) yield full
  }
}

/** The project files `file` imports by a relative specifier, statically or lazily, absolute. */
export function importsOf(file) {
  const code = readFileSync(file, 'utf8')
  return [...code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    path.resolve(path.dirname(file), match[1]),
  )
}
