import type { Command } from 'commander'
import { projectPaths } from '../../model/paths.ts'

/** `site schemas`: writes content/schemas/*.json from the TypeScript definitions. */
export function register(program: Command): void {
  program
    .command('schemas')
    .description('Write the JSON Schemas editors use (content/schemas/*.json) from model/content/schemas/.')
    .addHelpText(
      'after',
      '\nRun it after changing a schema definition; a unit test fails while the published files are stale.',
    )
    .action(async () => {
      const { writeSchemas } = await import('../schemas/publish.ts')
      const changed = await writeSchemas(projectPaths().schemas)
      console.log(changed.length ? `Updated ${changed.join(', ')}.` : 'The JSON Schemas are up to date.')
    })
}
