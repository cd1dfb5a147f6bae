import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'cli/**/*.test.ts',
      'renderer/**/*.test.ts',
      'lib/**/*.test.ts',
      'server/**/*.test.ts',
      'components/**/*.test.ts',
      'vite/**/*.test.ts',
      'tools/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    // One test file per core. Vitest's default leaves a core to its own main process, which is mostly
    // idle here: on a 2-core machine that ran the files one at a time (97.8 s; 65.9 s with two).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
