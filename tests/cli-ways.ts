/**
 * The three ways the README and docs/releasing.md start the CLI, as a command, the arguments before the
 * CLI's own and what the environment adds: `npx site …`, `npm run site -- …`, `node bin/site.js …`. Run
 * from the project root. `npx site` is run exactly as a person types it (an option before `site`, such
 * as `--no`, made npx take `--help` and `--version` for itself); `npm_config_yes=false` keeps npx from
 * ever installing the registry's unrelated package called "site" should the local one not be found.
 */
export const CLI_WAYS = {
  'npx site': { command: 'npx', prefix: ['site'], env: { npm_config_yes: 'false' } },
  'npm run site --': { command: 'npm', prefix: ['run', '--silent', 'site', '--'], env: {} },
  'node bin/site.js': { command: process.execPath, prefix: ['bin/site.js'], env: {} },
} as const

export type CliWay = keyof typeof CLI_WAYS
