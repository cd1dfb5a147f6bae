#!/usr/bin/env node
// `npm run mutation [-- <stryker options>]`: runs Stryker (stryker.config.mjs), then prints the mutation
// score of each folder it mutated: cli/, server/ and lib/. Options pass through to `stryker run`, e.g.
// `npm run mutation -- --mutate 'lib/**/*.ts'` to measure one folder.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const report = path.join(root, '.cache/mutation/mutation.json')
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js')

const run = spawnSync(process.execPath, [stryker, 'run', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
if (run.status !== 0) process.exit(run.status ?? 1)

/** Statuses that count: detected ones over every mutant that compiled and ran (Stryker's own formula). */
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

const { files } = JSON.parse(readFileSync(report, 'utf8'))
/** @type {Map<string, {detected: number, undetected: number, survivors: string[]}>} */
const folders = new Map()
for (const [file, { mutants }] of Object.entries(files)) {
  const folder = path.relative(root, path.resolve(root, file)).split(path.sep)[0] ?? file
  const row = folders.get(folder) ?? { detected: 0, undetected: 0 }
  for (const m of mutants) {
    if (DETECTED.has(m.status)) row.detected++
    else if (UNDETECTED.has(m.status)) row.undetected++
  }
  folders.set(folder, row)
}

console.log('\n| folder | mutants | detected | survived or not covered | score |\n|---|---|---|---|---|')
for (const [folder, { detected, undetected }] of [...folders].sort()) {
  const total = detected + undetected
  const score = total ? ((100 * detected) / total).toFixed(1) : 'n/a'
  console.log(`| ${folder}/ | ${total} | ${detected} | ${undetected} | ${score}% |`)
}
