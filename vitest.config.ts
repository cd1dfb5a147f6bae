import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'cli/**/*.test.ts',
      'renderer/**/*.test.ts',
      'lib/**/*.test.ts',
      'server/**/*.test.ts',
      'components/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
