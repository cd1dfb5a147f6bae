#!/usr/bin/env node
// The `site` CLI is written in TypeScript; tsx compiles it on the fly so editors need no build step.
// This file always runs the CLI, however it was started: `node bin/site.js`, `npm run site --`, or
// `npx site` (npm starts it through a symlink in node_modules/.bin whose name does not end in .js).
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../cli/index.ts')
await main(process.argv)
