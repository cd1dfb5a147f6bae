import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, ROOT, sourceFiles } from './imports.mjs'

/** The folders that hold the product: what ships, runs the site, or builds it. */
const PRODUCT = ['cli', 'model', 'lib', 'vite', 'server', 'components', 'pages']

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file)

/**
 * Where the product starts: the CLI's bin (which imports cli/index.ts), the review's comparing process
 * (started by its file name, cli/review/comparer.ts; bin/compiled-cli.js bundles it as an entry of its
 * own), the Vite config (the plugins in vite/), and every Vike `+` file (pages, layouts, hooks), which
 * Vike loads by their names.
 */
function isEntry(file: string): boolean {
  const rel = relative(file)
  return (
    rel.startsWith('bin/') ||
    rel === 'cli/review/compare-process.ts' ||
    rel === 'vite.config.ts' ||
    /^pages\/(.+\/)?\+[^/]+\.tsx?$/.test(rel)
  )
}

/** Every product file the product itself reaches from its entries, following static and lazy imports. */
function reachedFromEntries(files: readonly string[]): Set<string> {
  const known = new Set(files)
  const reached = new Set<string>()
  const queue = files.filter(isEntry)
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file)) continue
    reached.add(file)
    // A specifier in a comment or an example may name no file; only files that exist are followed.
    for (const target of importsOf(file)) if (known.has(target) && !reached.has(target)) queue.push(target)
  }
  return reached
}

describe('test support lives with the tests', () => {
  it('every product file is used by the product, not only by tests or the bench', () => {
    const files = [...sourceFiles()].filter((file) => !isTest(file))
    const reached = reachedFromEntries(files)
    const product = files.filter((file) => PRODUCT.includes(relative(file).split('/')[0] ?? ''))
    expect(product.filter((file) => !reached.has(file)).map(relative)).toEqual([])
  })

  it("follows the lazy imports the CLI's commands make when they run", () => {
    const reached = reachedFromEntries([...sourceFiles()].filter((file) => !isTest(file)))
    // cli/commands/serve.ts imports the server only inside its action: `await import(...)`.
    expect(reached.has(path.join(ROOT, 'server', 'serve.ts'))).toBe(true)
    expect(reached.has(path.join(ROOT, 'tests', 'server-fixtures.ts'))).toBe(false)
  })
})
