import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

const FOLDERS = ['cli', 'model', 'lib', 'server', 'components', 'vite', 'tools', 'bench']

/**
 * A test file gets a process and modules of its own when it replaces a module or a global
 * (`vi.mock`, `vi.doMock`, `vi.resetModules`, `vi.stubGlobal`, `vi.hoisted`), touches the process
 * itself (`process.on`, `process.emit('SIGTERM')`, `process.exitCode`, `process.chdir`: `site serve`
 * stops on a signal its test sends in-process) or runs in another environment (`@vitest-environment`).
 * Every other file shares its worker's modules with the files that ran there before it:
 * importing the CLI, Vite and Fastify once per worker instead of once per file takes the unit tests
 * from 88 s to 70 s here. They do not depend on the order files run in: docs/testing.md, "Shared
 * modules", says how that is checked.
 */
const OWN_MODULES =
  /\bvi\.(mock|doMock|resetModules|stubGlobal|hoisted)\(|\bprocess\.(emit|on|once|chdir|exitCode|exit)\b|@vitest-environment/

const root = import.meta.dirname

function testFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts') && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(folder, file)),
  )
}

const files = testFiles()
// Read from the project, not the working folder: `vitest --config` may be run from anywhere.
const own = new Set(files.filter((file) => OWN_MODULES.test(readFileSync(path.join(root, file), 'utf8'))))

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its own main process, which is mostly
    // idle here: on a 2-core machine that ran the files one at a time (97.8 s; 65.9 s with two).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'own modules', include: [...own], isolate: true } },
      {
        extends: true,
        test: { name: 'shared modules', include: files.filter((f) => !own.has(f)), isolate: false },
      },
    ],
  },
})
