/**
 * A copy of this project as it stands, for tests and benchmarks that run the CLI the way a person
 * would without touching the working tree: the tracked files and the new ones git does not ignore
 * (what a commit would hold), under the system's temp folder, with node_modules linked and the image
 * cache copied (CI's to keep or not; a warm one keeps the run to its subject). Not a test file itself.
 * A project that is not a git work tree of its own (an unpacked archive, or Stryker's sandbox under
 * `.cache/`, which git ignores) is copied whole, less what its .gitignore names.
 */
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, stat, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PROJECT_ROOT } from '../model/paths.ts'

const run = promisify(execFile)

/** Copies the project into a new temp folder named `<prefix>…` and returns its path. */
export async function copyProject(prefix: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), prefix))
  for (const file of await projectFiles()) {
    const from = path.join(PROJECT_ROOT, file)
    if (!(await stat(from).catch(() => undefined))?.isFile()) continue
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await cp(from, path.join(root, file))
  }
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir')
  await cp(path.join(PROJECT_ROOT, '.cache/images'), path.join(root, '.cache/images'), {
    recursive: true,
  }).catch(() => undefined)
  return root
}

/**
 * The environment of a person's shell: none of the test runner's settings (NODE_ENV=test builds
 * React's development bundle) and none of the release origins (the build's local defaults apply).
 */
export function shellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|SITE_)/.test(name)),
  )
}

/** The project's files, relative to it: what a commit would hold. */
async function projectFiles(): Promise<Set<string>> {
  const top = await run('git', ['rev-parse', '--show-toplevel'], { cwd: PROJECT_ROOT }).then(
    (r) => r.stdout.trim(),
    () => '',
  )
  if (top && (await realpath(top)) === (await realpath(PROJECT_ROOT))) {
    const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: PROJECT_ROOT,
      maxBuffer: 16 * 1024 * 1024,
    })
    return new Set(listed.stdout.split('\0').filter(Boolean))
  }
  const ignored = await gitIgnored()
  const files = new Set<string>()
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(path.join(PROJECT_ROOT, folder), { withFileTypes: true })) {
      const file = path.posix.join(folder, entry.name)
      if (ignored(file)) continue
      if (entry.isDirectory()) await walk(file)
      else if (entry.isFile()) files.add(file)
    }
  }
  await walk('')
  return files
}

/**
 * What the project's .gitignore keeps out of a commit, and `.git` itself, for a copy made without git.
 * Reads the forms .gitignore uses: `name/` and `name` at any depth, `/name/` and `a/b/` from the top,
 * `*.ext` by ending.
 */
async function gitIgnored(): Promise<(file: string) => boolean> {
  const patterns = (await readFile(path.join(PROJECT_ROOT, '.gitignore'), 'utf8').catch(() => ''))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
  const rules = ['.git', ...patterns].map((pattern) => {
    const fromTop = pattern.replace(/\/$/, '')
    if (fromTop.startsWith('*.')) return (file: string) => file.endsWith(fromTop.slice(1))
    if (fromTop.includes('/')) return (file: string) => file === fromTop.replace(/^\//, '')
    return (file: string) => path.posix.basename(file) === fromTop
  })
  return (file) => rules.some((ignores) => ignores(file))
}
