#!/usr/bin/env node
/**
 * Prints which top-level folders import which (`npm run graph`): one line per pair, with how many
 * imports cross it, and marks each that goes against the layers (docs/decisions.md, "Layers").
 * `--json` prints the pairs for machines. Reads the project's own .ts/.tsx/.mjs files. Tests are
 * counted but never against the layers: a test may drive the layer above its code (a server test
 * through the CLI, as a person runs it).
 */
import path from 'node:path'
import { importsOf, ROOT as root, sourceFiles } from './imports.mjs'

/**
 * What each folder may import (besides itself and packages). lib is the floor; the model turns
 * content into what pages render; pages and components are the UI; vite holds the Vite plugins; the
 * server stands on its own; the CLI sits on top and starts the rest.
 */
const ALLOWED = {
  lib: [],
  model: ['lib'],
  components: ['lib', 'model'],
  pages: ['lib', 'model', 'components'],
  vite: ['lib', 'model'],
  server: ['lib', 'model'],
  cli: ['lib', 'model', 'vite', 'server'],
  '(root) vite.config.ts': ['vite'],
}

const folderOf = (file) => {
  const rel = path.relative(root, file).split(path.sep)
  return rel.length > 1 ? rel[0] : `(root) ${rel[0]}`
}

const pairs = new Map()
for (const file of sourceFiles()) {
  for (const target of importsOf(file)) {
    const from = folderOf(file)
    const to = folderOf(target)
    if (from === to || to.startsWith('(root)')) continue
    const key = `${from} -> ${to}`
    const known = pairs.get(key) ?? { from, to, count: 0, files: new Set() }
    known.count++
    if (!/\.test\.tsx?$/.test(file)) known.files.add(path.relative(root, file))
    pairs.set(key, known)
  }
}

const rows = [...pairs.values()]
  .map((p) => ({ ...p, against: p.files.size > 0 && p.from in ALLOWED && !ALLOWED[p.from].includes(p.to) }))
  .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      rows.map((r) => ({ ...r, files: [...r.files] })),
      null,
      2,
    ),
  )
} else {
  for (const r of rows) {
    const mark = r.against ? `  AGAINST THE LAYERS: ${[...r.files].join(', ')}` : ''
    console.log(`${r.from.padEnd(22)} -> ${r.to.padEnd(12)} ${String(r.count).padStart(4)}${mark}`)
  }
  const against = rows.filter((r) => r.against).length
  console.log(against ? `${against} folder pairs go against the layers.` : 'Every import follows the layers.')
}
