/**
 * The three ways the README and docs/releasing.md start the CLI, as a command and the arguments before
 * the CLI's own: `npx site …`, `npm run site -- …`, `node bin/site.js …`. Run from the project root.
 */
export const CLI_WAYS = {
  'npx site': { command: 'npx', prefix: ['--no', 'site'] },
  'npm run site --': { command: 'npm', prefix: ['run', '--silent', 'site', '--'] },
  'node bin/site.js': { command: process.execPath, prefix: ['bin/site.js'] },
} as const

export type CliWay = keyof typeof CLI_WAYS
