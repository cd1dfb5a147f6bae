import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SyntheticProduct, writeSyntheticProducts } from '../../bench/synthetic-products.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'
import { copyProject, shellEnv } from '../../tests/project-copy.ts'

/**
 * A build that takes over what did not change (cli/build/build-cache.ts) must leave exactly what a full
 * build leaves. On a copy of this project grown to 30 products (past one menu's 24, so the menu lists
 * categories and a product's name is not in every page, as at a thousand), each step changes the
 * content as an editor would, builds as a person does, then builds again with --full and compares
 * every file of dist/client, byte for byte. Changes to different products share a step: each would
 * leave its own pages stale if it were missed.
 */
const run = promisify(execFile)
const PRODUCTS = 30
let root = ''
let synthetic: SyntheticProduct[] = []

/** `site build` in the copy, as a person runs it; what it printed. */
async function build(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['bin/site.js', 'build', ...args], {
    cwd: root,
    env: { ...shellEnv(), NO_COLOR: '1' },
    maxBuffer: 20 * 1024 * 1024,
  })
  return `${stdout}${stderr}`
}

/** Every file of dist/client (or of `client`) with a hash of its bytes. */
async function snapshot(client = path.join(root, 'dist/client')): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const entry of await readdir(client, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name)
      files[path.relative(client, file)] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex')
    }
  return files
}

/** The pre-render stage's line: how many pages it rendered, copied, and whether it reused the bundle. */
const prerenderLine = (output: string) => output.split('\n').find((line) => line.includes('pre-render')) ?? ''

/**
 * Hard links to every file of the built site, as a release's kept baseline holds them: the build takes
 * pages and the bundle over as links (build-cache.ts), so a build that wrote into one in place would
 * change these too.
 */
async function keepLinks(): Promise<string> {
  const client = path.join(root, 'dist/client')
  const kept = path.join(root, '.cache', 'test-kept-site')
  await rm(kept, { recursive: true, force: true })
  for (const entry of await readdir(client, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name)
      const target = path.join(kept, path.relative(client, file))
      await mkdir(path.dirname(target), { recursive: true })
      await link(file, target)
    }
  return kept
}

/**
 * Builds as an editor would after a change, then in full; both must leave the same site, and neither
 * may change a byte of the site the first replaced.
 */
async function buildBothWays(): Promise<string> {
  const last = await snapshot()
  const kept = await keepLinks()
  const line = prerenderLine(await build())
  expect(await snapshot(kept)).toEqual(last)
  const incremental = await snapshot()
  await build('--full')
  expect(incremental).toEqual(await snapshot())
  return line
}

const content = (file: string) => path.join(root, 'content', file)

beforeAll(async () => {
  root = await copyProject('site-incremental-')
  synthetic = await writeSyntheticProducts(path.join(root, 'content'), PRODUCTS)
  await build()
}, 600_000)

afterAll(() => rm(root, { recursive: true, force: true }))

describe('a build that renders only what changed leaves what a full build leaves', () => {
  it('after one product is edited and another product’s artwork changes', async () => {
    await replaceIn(
      content('products/smazer.yaml'),
      /^description: /m,
      'description: Now with a new remote. ',
    )
    await replaceIn(content('images/products/szephyr/hero.svg'), /#[0-9a-fA-F]{6}/, '#123456')
    const line = await buildBothWays()
    // Only what changed was rendered: the last bundle reused, the rest copied.
    expect(line).toMatch(/the last bundle reused/)
    expect(line).toMatch(/unchanged pages copied from the last build/)
  }, 600_000)

  it('after one product is renamed and another product’s fact changes', async () => {
    await replaceIn(content('products/embeddedpc.yaml'), /^name: Embedded PC$/m, 'name: Embedded PC Pro')
    await replaceIn(
      content('products/industrialrugged16portunmanagedswitch.yaml'),
      /^ {2}poePerPort: 30 W$/m,
      '  poePerPort: 25 W',
    )
    const line = await buildBothWays()
    // Past one menu's products, names and facts are in their pages and data files, not in the bundle.
    expect(line).toMatch(/the last bundle reused/)
    expect(line).toMatch(/unchanged pages copied from the last build/)
  }, 600_000)

  it('after a product is added and another deleted', async () => {
    const source = await readFile(content('products/uhfradiomodem.yaml'), 'utf8')
    await writeFile(
      content('products/uhfradiomodem2.yaml'),
      source.replace(/^name: .*$/m, 'name: UHF Radio Modem Two').replace(/^brochure: .*\n/m, ''),
    )
    await replaceIn(content('catalogue.yaml'), /^(\s*- uhfradiomodem)$/m, '$1\n  - uhfradiomodem2')
    // The last of the synthetic products: nothing links it.
    const gone = synthetic.at(-1)?.slug
    if (!gone) throw new Error('the copy has no synthetic product to delete')
    await rm(content(`products/${gone}.yaml`))
    await replaceIn(content('catalogue.yaml'), `  - ${gone}\n`, '')
    await buildBothWays()
    const files = Object.keys(await snapshot())
    expect(files).toContain('products/uhfradiomodem2/index.html')
    expect(files.filter((f) => f.startsWith(`products/${gone}/`))).toEqual([])
  }, 600_000)

  it('after something else rewrote a built page in dist/client, that page is rendered again, not copied', async () => {
    // A deploy script that adds a snippet to a page where it stands, and no change to the content.
    const page = path.join(root, 'dist/client/products/smazer/index.html')
    await writeFile(
      page,
      (await readFile(page, 'utf8')).replace('</body>', '<script>/* added */</script></body>'),
    )
    const line = await buildBothWays()
    expect(line).toMatch(/the last bundle reused/)
    expect(await readFile(page, 'utf8')).not.toContain('/* added */')
  }, 600_000)

  it('after every file the build keeps for the next one is damaged, it builds again from what it can trust', async () => {
    // A disk that filled, an editor that opened the wrong file: each cache and the build's record cut
    // short. Each is read as missing (nothing crashes on it), and nothing stale is taken over.
    const cache = path.join(root, '.cache')
    const images = (await readdir(path.join(cache, 'images'), { recursive: true })).filter((f) =>
      f.endsWith('meta.json'),
    )
    const damaged = [
      ...['state.json', 'cdn-scripts.json', 'verify.json', 'search-found.json'].map((f) =>
        path.join(cache, 'build', f),
      ),
      ...images.slice(0, 3).map((f) => path.join(cache, 'images', f)),
      path.join(root, 'dist', 'build.json'),
    ]
    expect(images.length).toBeGreaterThan(0)
    for (const file of damaged) await writeFile(file, '{"toolKey": "cut sh')
    await replaceIn(content('products/smazer.yaml'), /^description: /m, 'description: Damaged caches aside. ')
    const line = prerenderLine(await build())
    // No trusted record of the last build: every page rendered, none copied.
    expect(line).not.toMatch(/copied/)
    const after = await snapshot()
    await build('--full')
    expect(after).toEqual(await snapshot())
  }, 600_000)

  it('after a change to the tool’s own code, everything is built again', async () => {
    await appendFile(path.join(root, 'components/Footer.tsx'), '\n// A change to the site’s code.\n')
    const line = prerenderLine(await build())
    expect(line).not.toMatch(/reused|copied/)
  }, 600_000)
})
