import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../model/paths.ts'

const run = promisify(execFile)
const BIOME = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'biome')

/**
 * The layers are enforced by Biome (biome.json, noRestrictedImports per folder). Each case lints one
 * file with one import, in a scratch copy of the project's Biome config, and reads the rules that fired.
 */
describe('the layers, as npm run lint enforces them', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-layers-'))
    const config = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'biome.json'), 'utf8'))
    delete config.$schema
    await writeFile(path.join(dir, 'biome.json'), JSON.stringify(config))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  /** The lint rules that fire on `from` importing `to`. */
  async function rulesFor(from: string, to: string): Promise<string[]> {
    const file = path.join(dir, from)
    await mkdir(path.dirname(file), { recursive: true })
    const target = path.relative(path.dirname(from), to).split(path.sep).join('/')
    await writeFile(
      file,
      `import { value } from '${target.startsWith('.') ? target : `./${target}`}'\n\nexport const copy = value\n`,
    )
    const result = await run(BIOME, ['lint', from, '--reporter=json'], { cwd: dir }).catch(
      (error: { stdout: string }) => error,
    )
    await rm(file)
    const report = JSON.parse(result.stdout) as { diagnostics: { category: string }[] }
    return report.diagnostics.map((d) => d.category)
  }

  it.each([
    ['lib/probe.ts', 'model/context.ts'],
    ['lib/probe.ts', 'components/Header.tsx'],
    ['model/probe.ts', 'components/Header.tsx'],
    ['model/probe.ts', 'cli/index.ts'],
    ['components/probe.tsx', 'pages/products/@slug/+data.ts'],
    ['components/probe.tsx', 'server/app.ts'],
    ['pages/probe.tsx', 'cli/index.ts'],
    ['pages/probe.tsx', 'vite/site-plugin.ts'],
    ['vite/probe.ts', 'cli/index.ts'],
    ['server/probe.ts', 'cli/errors.ts'],
  ])('%s may not import %s', async (from, to) => {
    expect(await rulesFor(from, to)).toEqual(['lint/style/noRestrictedImports'])
  })

  it.each([
    ['model/probe.ts', 'lib/errors.ts'],
    ['components/probe.tsx', 'model/product-page.ts'],
    ['pages/probe.tsx', 'components/Header.tsx'],
    ['vite/probe.ts', 'model/context.ts'],
    ['cli/probe.ts', 'server/serve.ts'],
    ['server/probe.ts', 'model/config.ts'],
    // A server test may drive the server the way a person does, through the CLI.
    ['server/probe.test.ts', 'cli/index.ts'],
  ])('%s may import %s', async (from, to) => {
    expect(await rulesFor(from, to)).toEqual([])
  })
})
