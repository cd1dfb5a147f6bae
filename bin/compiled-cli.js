// The CLI compiled ahead of time. Running cli/index.ts through tsx costs about a second per call: tsx's
// loader hooks see every file of every dependency (TypeBox alone is hundreds). One esbuild bundle of
// the project's own TypeScript, with every package left to Node's own loader, starts in a fraction of
// that. It is written by `npm install` (the prepare script) and again by the first CLI call after a
// source file changes, so an edited CLI never runs stale code.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Where the builds go; `current.json` there names the current one and the files it was made from. */
const outDir = (root) => path.join(root, '.cache', 'cli')

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** The current build's entry, when no file it was made from changed (or went) since it was made. */
export function freshEntry(root = ROOT) {
  try {
    const { dir, inputs } = JSON.parse(readFileSync(path.join(outDir(root), 'current.json'), 'utf8'))
    const entry = path.join(outDir(root), dir, 'index.mjs')
    const built = mtime(entry)
    if (built === Number.POSITIVE_INFINITY) return undefined
    return inputs.every((file) => mtime(path.join(root, file)) <= built) ? entry : undefined
  } catch {
    return undefined
  }
}

/**
 * Bundles cli/index.ts into a new folder under .cache/cli/ and makes it current. Code behind a dynamic
 * import (the server, Vite, the encoders) goes into chunks of its own, so `site --help` loads none of
 * it. Each build gets its own folder, so a process still running an older one keeps its files; builds
 * older than an hour are removed.
 */
export async function compile(root = ROOT) {
  const { build } = await import('esbuild')
  const out = outDir(root)
  const dir = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`
  const result = await build({
    absWorkingDir: root,
    // The review's comparing process (cli/review/comparer.ts) is an entry of its own, named as it is
    // and placed beside index.mjs and the chunks, where the code that starts it looks for it.
    entryPoints: [path.join(root, 'cli', 'index.ts'), path.join(root, 'cli', 'review', 'compare-process.ts')],
    entryNames: '[name]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    outdir: path.join(out, dir),
    outExtension: { '.js': '.mjs' },
  })
  const inputs = [...Object.keys(result.metafile.inputs), 'package.json']
  const tmp = path.join(out, `current.json.${dir}.tmp`)
  writeFileSync(tmp, JSON.stringify({ dir, inputs }))
  renameSync(tmp, path.join(out, 'current.json'))
  for (const old of readdirSync(out, { withFileTypes: true }))
    if (old.isDirectory() && old.name !== dir && Date.now() - mtime(path.join(out, old.name)) > 3_600_000)
      rmSync(path.join(out, old.name), { recursive: true, force: true })
  return path.join(out, dir, 'index.mjs')
}

/**
 * The entry of an up-to-date compiled CLI, compiling it first when a source changed; undefined when it
 * cannot be compiled (a syntax error mid-edit), so the caller runs the sources through tsx instead and
 * the error reads as usual. SITE_CLI_SOURCE=1 always runs the sources.
 */
export async function compiledCli(root = ROOT) {
  if (process.env.SITE_CLI_SOURCE === '1') return undefined
  const entry = freshEntry(root)
  if (entry) return entry
  try {
    return await compile(root)
  } catch {
    return undefined
  }
}

// `node bin/compiled-cli.js` (npm's prepare script) compiles it now.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compile()
