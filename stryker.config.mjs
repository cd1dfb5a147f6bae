// Mutation testing: `npm run mutation` plants small bugs (flipped comparisons, dropped checks, changed
// constants) in cli/, server/, lib/ and vite/ one at a time and runs the unit tests that cover each. A
// mutant no test notices is a behaviour nothing holds. It is a measurement, like `npm run bench`, not
// part of `npm test`. Incremental: the state in .cache/mutation/incremental.json (not committed: it is
// 7 MB and changes with every run) lets a run after a small change re-test only the mutants in changed
// code or covered by changed tests; a fresh clone measures from nothing (docs/testing.md, "Mutation
// testing").

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'cli/**/*.ts',
    'server/**/*.ts',
    'lib/**/*.ts',
    // The Vite plugins (virtual:site, the dev error page, retrying imports) were in cli/ until the
    // layers moved them; their tests drive them in-process.
    'vite/**/*.ts',
    // Test helpers (fixtures, child processes, the SMTP sink) live in tests/ and benchmarks in bench/,
    // so nothing under these folders but the tests themselves is left out.
    '!**/*.test.ts',
  ],
  coverageAnalysis: 'perTest',
  // Mutants in module-level code (constants, tables) run at import, so each one reruns every test:
  // about a fifth of the mutants and three quarters of the time. They are reported as Ignored, not
  // scored; docs/testing.md says so.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: '.cache/mutation/incremental.json',
  reporters: ['clear-text', 'progress'],
  tempDirName: '.cache/stryker-tmp',
  cleanTempDir: 'always',
  concurrency: 2,
  timeoutMS: 20_000,
  // The first run of all tests (with coverage) takes 2-3 minutes on a quiet machine; Stryker's default
  // limit of 5 was hit on a busy one.
  dryRunTimeoutMinutes: 20,
  thresholds: { high: 85, low: 70, break: null },
}
