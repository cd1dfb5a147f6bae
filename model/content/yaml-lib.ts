import { createRequire } from 'node:module'

let lib: typeof import('yaml') | undefined

/**
 * The YAML library, loaded on first use rather than with the module: a `site validate` whose files
 * all come from the valid-file cache (./valid-cache.ts) never needs it, and loading it is a fair part
 * of a CLI call's start. Everything that parses content goes through this one copy.
 */
export function yamlLib(): typeof import('yaml') {
  lib ??= createRequire(import.meta.url)('yaml') as typeof import('yaml')
  return lib
}
