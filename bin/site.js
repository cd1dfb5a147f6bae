#!/usr/bin/env node
// The `site` CLI is written in TypeScript; tsx compiles it on the fly so editors need no build step.
import { register } from 'tsx/esm/api'

register()
const { run } = await import('../cli/index.ts')
await run(process.argv)
