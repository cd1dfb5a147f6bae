#!/usr/bin/env node
// The `site` CLI. It is written in TypeScript: bin/compiled-cli.js keeps a compiled copy up to date,
// and when that cannot be made the sources run through tsx, so editors need no build step either way.
import module from 'node:module'
import { compiledCli } from './compiled-cli.js'

// Node 22.1+ keeps compiled code between runs (.cache is not used: Node picks its own folder); Node 20 has
// no such cache and goes on without it.
module.enableCompileCache?.()

const bundle = await compiledCli()
let run
if (bundle) ({ run } = await import(bundle))
else {
  const { register } = await import('tsx/esm/api')
  register()
  ;({ run } = await import('../cli/index.ts'))
}
await run(process.argv)
