#!/usr/bin/env node
// `npm run mutation [-- <stryker options>]`: runs Stryker (stryker.config.mjs), then prints the mutation
// score of each folder it mutated: cli/, server/, lib/ and vite/. Options pass through to `stryker run`,
// e.g. `npm run mutation -- --mutate 'lib/**/*.ts'` to measure one folder. `npm run mutation --
// --summary` prints the tables of the last run on this machine again without running anything.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
// Every run rewrites Stryker's incremental state with every file's results, so the tables read it. It
// lives in .cache/ (stryker.config.mjs): a fresh clone has none until its first run.
const report = path.join(root, '.cache/mutation/incremental.json')
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js')

const args = process.argv.slice(2)
if (!args.includes('--summary')) {
  const run = spawnSync(process.execPath, [stryker, 'run', ...args], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

/** Statuses that count: detected ones over every mutant that compiled and ran (Stryker's own formula). */
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

if (!existsSync(report)) {
  console.error(`No mutation results at ${path.relative(root, report)} yet: run \`npm run mutation\` first.`)
  process.exit(1)
}
const { files } = JSON.parse(readFileSync(report, 'utf8'))
/** Detected and undetected mutants per folder and per file. */
const folders = new Map()
const byFile = new Map()
for (const [file, { mutants }] of Object.entries(files)) {
  const name = path.relative(root, path.resolve(root, file)).split(path.sep).join('/')
  const folder = name.split('/')[0] ?? name
  const row = folders.get(folder) ?? { detected: 0, undetected: 0 }
  const own = { detected: 0, undetected: 0 }
  for (const m of mutants) {
    const key = DETECTED.has(m.status) ? 'detected' : UNDETECTED.has(m.status) ? 'undetected' : null
    if (key) {
      row[key]++
      own[key]++
    }
  }
  folders.set(folder, row)
  byFile.set(name, own)
}

/** The score the way Stryker computes it, or n/a with nothing scored. */
const score = ({ detected, undetected }) =>
  detected + undetected ? `${((100 * detected) / (detected + undetected)).toFixed(1)}%` : 'n/a'

console.log('\n| folder | mutants | detected | survived or not covered | score |\n|---|---|---|---|---|')
for (const [folder, row] of [...folders].sort()) {
  console.log(
    `| ${folder}/ | ${row.detected + row.undetected} | ${row.detected} | ${row.undetected} | ${score(row)} |`,
  )
}

// Where to look next: files under the 85% line, most undetected mutants first.
const weak = [...byFile]
  .filter(
    ([, row]) => row.detected + row.undetected > 0 && row.detected / (row.detected + row.undetected) < 0.85,
  )
  .sort(([, a], [, b]) => b.undetected - a.undetected)
if (weak.length) {
  console.log('\nFiles under 85% (most undetected first):')
  for (const [name, row] of weak) console.log(`  ${name}  ${score(row)}  (${row.undetected} undetected)`)
}
