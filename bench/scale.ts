import { execFile, spawn } from 'node:child_process'
import { link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { SEARCH_BASE } from '../cli/search/build-index.ts'
import { fromDir, openIndex } from '../cli/search/query.ts'
import { bytes, duration } from '../cli/timing.ts'
import { readContent, withoutDrafts } from '../model/content/load.ts'
import { copyProject, shellEnv } from '../tests/project-copy.ts'
import { type BuildOutput, parseBuildOutput } from './build-output.ts'
import { type MemoryPeak, watchMemory } from './process-memory.ts'
import { mebibytes, median } from './stats.ts'
import { writeSyntheticProducts } from './synthetic-products.ts'

/**
 * `npm run bench -- scale 100,500,1000`: the build at catalogue sizes the company may reach, on a
 * scratch copy of the project grown with synthetic products (bench/synthetic-products.ts). For each
 * size: two `site build --offline` runs, the second reported (the first warms what depends on the
 * size), stage by stage with the peak memory of the whole process tree; the search index it wrote;
 * and the one-product edit loop: how long `site dev` takes to show a renamed product, then a build
 * after that edit. Issue #36 has the targets.
 */

const run = promisify(execFile)
const ESCAPE = String.fromCharCode(27)
const COLOUR = new RegExp(`${ESCAPE}\\[[0-9;]*m`, 'g')
/** The stages in the table. */
const STAGES = ['validate', 'images', 'pre-render', 'search', 'cdn files', 'verify'] as const
/** How many renames the edit loop times; the median is reported. */
const EDITS = 5
/** How long one step may take before the bench gives up on it (a build at 1,000 products takes minutes). */
const LIMIT_MS = 30 * 60_000

/** The product whose name is the first query. */
const FIRST_QUERY = 'industrialrugged16portl2managedswitch'

export const DEFAULT_SIZES = [100, 500, 1000]

/** One `site build` in the copy, as measured. */
interface Build extends BuildOutput {
  wallMs: number
  ok: boolean
  memory: MemoryPeak | undefined
  /** The machine's 1-minute load average when the build started and when it ended. */
  load: [number, number]
  /** The search index it wrote, linked aside before the build could discard it. */
  searchDir?: string | undefined
}

interface SearchFigures {
  bytes: number
  files: number
  /** What the first query for one product's name loads, each file gzipped as a CDN would send it. */
  firstQuery: { bytes: number; files: number; query: string }
  /** Products whose exact name does not find their own page first. */
  notFirst: { name: string; first: string | undefined }[]
  products: number
}

interface EditLoop {
  /** Milliseconds from each save to the dev server's page showing the new name; undefined if it never did. */
  edits: (number | undefined)[]
  build: Build
}

interface Row {
  products: number
  /** `site build --full`: every page, the bundle made afresh. */
  full: Build
  /** `site build` after one product's description changed: what the editor waits for. */
  oneEdit: Build
  search?: SearchFigures | undefined
  edit?: EditLoop | undefined
}

/** The sizes from `scale 100,500,1000`. */
export function parseSizes(arg: string | undefined): number[] {
  if (!arg) return DEFAULT_SIZES
  const sizes = arg.split(',').map((s) => Number(s.trim()))
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`scale takes product counts separated by commas, e.g. 100,500,1000; got "${arg}"`)
  return sizes
}

/** Every file under `from`, hard-linked under `to`: instant, and it outlives the build deleting `from`. */
async function linkTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    const source = path.join(entry.parentPath, entry.name)
    const target = path.join(to, path.relative(from, source))
    if (entry.isDirectory()) await mkdir(target, { recursive: true })
    else if (entry.isFile()) {
      await mkdir(path.dirname(target), { recursive: true })
      await link(source, target)
    }
  }
}

/**
 * `site build --offline` in `root`, timed and sampled, its search index kept in `keep`: linked from
 * the built site once the build has passed, or, for a build that fails after its search stage (which
 * throws its staging folder away, index included), from the staging folder when the stage reports.
 * The staged copy alone is not enough: when the search is the last stage to finish, the build
 * promotes its staging folder while the links are still being made.
 */
async function build(root: string, keep: string, args: readonly string[] = []): Promise<Build> {
  await rm(keep, { recursive: true, force: true })
  const staged = path.join(root, 'dist', '.staging', 'client', SEARCH_BASE) // cli/build/staging.ts
  const loadBefore = loadavg()[0] ?? 0
  const start = performance.now()
  const child = spawn(process.execPath, ['bin/site.js', 'build', '--offline', ...args], {
    cwd: root,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const memory = child.pid ? watchMemory(child.pid) : undefined
  let stdout = ''
  let stderr = ''
  let linking: Promise<boolean> | undefined
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    if (!linking && /^ {2}search {6}/m.test(stdout))
      linking = linkTree(staged, keep).then(
        () => true,
        () => false,
      )
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS)
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  clearTimeout(timer)
  if (code === null)
    stderr += `\nThe build stopped by a signal (the bench stops a build after ${duration(LIMIT_MS)}).\n`
  const wallMs = Math.round(performance.now() - start)
  const peak = memory?.stop()
  const parsed = parseBuildOutput(stdout.replace(COLOUR, ''), stderr.replace(COLOUR, ''))
  const linkedFromStaging = (await linking) ?? false
  const linked =
    code === 0
      ? await rm(keep, { recursive: true, force: true })
          .then(() => linkTree(path.join(root, 'dist', 'client', SEARCH_BASE), keep))
          .then(
            () => true,
            () => false,
          )
      : linkedFromStaging
  const load: [number, number] = [loadBefore, loadavg()[0] ?? 0]
  return { ...parsed, wallMs, ok: code === 0, memory: peak, load, searchDir: linked ? keep : undefined }
}

/** Sum of gzip(file) over files, or the file itself where it is already compressed (Pagefind's). */
const gzipped = (content: Uint8Array) => Math.min(content.length, gzipSync(content, { level: 9 }).length)

/** The index on disk, one first query, and each product's name searched for. */
async function searchFigures(
  dir: string,
  products: { slug: string; name: string }[],
): Promise<SearchFigures> {
  let size = 0
  let files = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      size += (await stat(path.join(entry.parentPath, entry.name))).size
      files++
    }
  // The same real product at every size, one whose words many synthetic names share.
  const query = (products.find((p) => p.slug === FIRST_QUERY) ?? products[0])?.name ?? ''
  const loaded = { bytes: 0, files: 0 }
  const counting = fromDir(dir)
  const first = await openIndex(async (name) => {
    const content = await counting(name)
    if (content) {
      loaded.bytes += gzipped(content)
      loaded.files++
    }
    return content
  })
  try {
    // As the search dialog asks: the first eight results (components/search/pagefind.ts).
    await first.search(query, 8)
  } finally {
    await first.close()
  }
  const notFirst: SearchFigures['notFirst'] = []
  const index = await openIndex(fromDir(dir))
  try {
    for (const product of products) {
      const [hit] = await index.search(product.name, 1)
      if (hit?.url !== `/products/${product.slug}`) notFirst.push({ name: product.name, first: hit?.url })
    }
  } finally {
    await index.close()
  }
  return { bytes: size, files, firstQuery: { ...loaded, query }, notFirst, products: products.length }
}

/** Asks `check` every `everyMs` until it gives a value, and resolves with that value. */
async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${duration(timeoutMs)}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

/** The page's HTML, or '' while the server cannot answer. */
const page = (url: string) =>
  fetch(url).then(
    (r) => r.text(),
    () => '',
  )

/**
 * `site dev` in `root` on a port the system picks: renames `slug` EDITS times (each written in place)
 * and times each until the dev server's product page shows the new name; then stops dev and builds.
 * The product's file is put back as it was at the end.
 */
async function editLoop(
  root: string,
  product: { slug: string; name: string },
  keep: string,
): Promise<EditLoop> {
  const file = path.join(root, 'content', 'products', `${product.slug}.yaml`)
  const original = await readFile(file, 'utf8')
  const dev = spawn(process.execPath, ['bin/site.js', 'dev', '--port', '0'], {
    cwd: root,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  dev.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk.replace(COLOUR, '')
  })
  dev.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk.replace(COLOUR, '')
  })
  const exited = new Promise((resolve) => dev.once('exit', resolve))
  // Each content check dev runs (at start and after a save) ends with the images line (cli/images/run.ts).
  const checks = () => out.match(/^\d+ images?: /gm)?.length ?? 0
  const edits: (number | undefined)[] = []
  try {
    const origin = await until(
      'site dev to print its address',
      () => /Local:\s+(http:\/\/\S+?)\/?\s/.exec(out)?.[1],
      120_000,
    )
    const url = `${origin}/products/${product.slug}`
    await until('the first content check of site dev', () => (checks() >= 1 ? true : undefined), LIMIT_MS)
    // The first request compiles the page's modules: not part of any edit.
    await until(
      'the product page',
      async () => ((await page(url)).includes(product.name) ? true : undefined),
      300_000,
    )
    for (let e = 1; e <= EDITS; e++) {
      const name = `${product.name} Revision ${e}`
      const before = checks()
      const start = performance.now()
      await writeFile(file, original.replace(/^name: .*$/m, `name: ${name}`))
      const shown = await until(
        `the page to show "${name}"`,
        async () => ((await page(url)).includes(name) ? Math.round(performance.now() - start) : undefined),
        120_000,
      ).catch(() => undefined)
      edits.push(shown)
      // The next save waits for this one's check to finish, as a person's next save would find it.
      await until(
        'site dev to finish checking the save',
        () => (checks() > before ? true : undefined),
        120_000,
      ).catch(() => undefined)
    }
  } finally {
    dev.kill('SIGTERM')
    await exited
  }
  try {
    return { edits, build: await build(root, keep) }
  } finally {
    await writeFile(file, original)
  }
}

const ms = (n: number | undefined) => (n === undefined ? '—' : duration(n))
const mb = (n: number | undefined) => (n === undefined ? '—' : `${mebibytes(n).toLocaleString('en')} MB`)

function stageCell(b: Build, name: string): string {
  const stage = b.stages.find((s) => s.name === name)
  if (!stage) return '—'
  return stage.failed ? `${duration(stage.ms)}, **failed**` : duration(stage.ms)
}

function buildRow(products: number, b: Build, kind: string): string {
  const perPage = b.pages ? `${Math.round(b.wallMs / b.pages)} ms` : '—'
  const result = b.ok ? 'ok' : `**failed**${b.failedAt ? ` at ${b.failedAt}` : ''}`
  const cells = [
    products.toLocaleString('en'),
    kind,
    b.pages?.toLocaleString('en') ?? '—',
    duration(b.wallMs),
    perPage,
    ...STAGES.map((s) => stageCell(b, s)),
    mb(b.memory?.treeBytes),
    mb(b.memory?.mainBytes),
    b.home?.html ?? '—',
    b.home?.js ?? '—',
    result,
  ]
  return `| ${cells.join(' | ')} |`
}

const BUILD_HEADER =
  '| products | build | pages | wall | per page | validate | images | pre-render | search | cdn files | verify | peak RSS (tree) | main VmHWM | home html | home JS (gzip) | result |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|'

function searchRow(r: Row): string {
  const s = r.search
  const edits = (r.edit?.edits ?? []).filter((n): n is number => n !== undefined)
  const missed = (r.edit?.edits.length ?? 0) - edits.length
  const cells = [
    r.products.toLocaleString('en'),
    s ? `${bytes(s.bytes)} (${s.files} files)` : '—',
    s ? `${bytes(s.firstQuery.bytes)} (${s.firstQuery.files} files)` : '—',
    s ? `${s.notFirst.length} of ${s.products}` : '—',
    r.edit
      ? `${ms(median(edits))} (${edits.map((n) => `${n}`).join(', ')} ms${missed ? `; ${missed} never shown` : ''})`
      : '—',
    r.edit ? `${duration(r.edit.build.wallMs)}${r.edit.build.ok ? '' : ', **failed**'}` : '—',
  ]
  return `| ${cells.join(' | ')} |`
}

const SEARCH_HEADER =
  '| products | search index | first query (gzip) | exact names not first | dev: edit shown (median) | build after the rename |\n|---|---|---|---|---|---|'

/** A build in a few words for the progress lines, with the machine's load around it. */
const outcome = (b: Build) =>
  `${duration(b.wallMs)}${b.ok ? '' : `, failed at ${b.failedAt ?? '?'}`} (load ${b.load[0].toFixed(1)} → ${b.load[1].toFixed(1)} on ${availableParallelism()} cores)`

/** What went wrong in a failed build, a few lines. */
function failureLines(products: number, b: Build): string[] {
  if (b.ok) return []
  const lines = [`${products} products: ${b.message ?? `the build exited without saying why`}`]
  for (const k of b.problemKinds.slice(0, 4)) lines.push(`  ${k.count} × ${k.example}`)
  return lines
}

/** Runs the scale bench for each size in `sizes`, printing progress and then the tables. */
export async function benchScale(sizes: number[]): Promise<void> {
  const root = await copyProject('site-bench-scale-')
  const rows: Row[] = []
  const say = (line: string) => console.log(line)
  say(`\nScale: sizes ${sizes.join(', ')} on a copy of the project in ${root}`)
  try {
    // The copy compiles its own CLI on first use: not part of any build's time.
    await run(process.execPath, ['bin/site.js', '--version'], { cwd: root, env: shellEnv() })
    const keep = path.join(root, '.cache', 'bench-search')
    for (const products of sizes) {
      const added = await writeSyntheticProducts(path.join(root, 'content'), products)
      say(`\n${products} products (${added.length} synthetic): a build to start from …`)
      await build(root, keep)
      say('  full build (--full) …')
      // The full build's index is searched after the one-edit build has run: each keeps its own.
      const full = await build(root, `${keep}-full`, ['--full'])
      say(`  full build ${outcome(full)}; one product's description edited, build …`)
      const oneEdit = await editOnce(root, keep)
      say(`  one-edit build ${outcome(oneEdit)}`)
      const row: Row = { products, full, oneEdit }
      rows.push(row)
      // Read afresh: loadContent keeps what it read of a folder for the whole process.
      const report = await readContent(path.join(root, 'content'), root)
      if (!report.content) throw new Error(`the copy's content does not validate at ${products} products`)
      const content = withoutDrafts(report.content)
      if (full.searchDir) {
        say('  search: the index, a first query and every product name …')
        row.search = await searchFigures(full.searchDir, content.products)
      } else say('  search: no index (the build stopped before the search stage)')
      const edited = content.products[Math.floor(content.products.length / 2)]
      if (edited) {
        say(`  site dev: renaming ${edited.slug} ${EDITS} times …`)
        row.edit = await editLoop(root, edited, keep).catch((error: Error) => {
          say(`  site dev: ${error.message}`)
          return undefined
        })
        if (row.edit) say(`  build after the edit ${outcome(row.edit.build)}`)
      }
      say(BUILD_HEADER)
      say(buildRow(products, full, 'full'))
      say(buildRow(products, oneEdit, 'one edit'))
      say(SEARCH_HEADER)
      say(searchRow(row))
      for (const line of [...failureLines(products, full), ...failureLines(products, oneEdit)]) say(line)
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
  say(
    "\nBuild at each size (`site build --offline`, image cache warm): in full (`--full`), and after one product's description changed (what a build takes over from the last one, cli/build/build-cache.ts):",
  )
  say(BUILD_HEADER)
  for (const r of rows) {
    say(buildRow(r.products, r.full, 'full'))
    say(buildRow(r.products, r.oneEdit, 'one edit'))
  }
  say(
    'Per page: wall time over pages written. Peak RSS: the build process and its children (esbuild, Pagefind), summed, sampled every 100 ms; main VmHWM: the build process alone. Home: `/` in the route table.',
  )
  say(
    `Machine load (1-minute average, ${availableParallelism()} cores) at the start and end of each build, full / one edit: ${rows.map((r) => `${r.products}: ${r.full.load.map((n) => n.toFixed(1)).join(' → ')} / ${r.oneEdit.load.map((n) => n.toFixed(1)).join(' → ')}`).join(', ')}. Times on a loaded machine are not comparable.`,
  )
  say('\nSearch and the one-product edit:')
  say(SEARCH_HEADER)
  for (const r of rows) say(searchRow(r))
  const query = rows.find((r) => r.search)?.search?.firstQuery.query
  say(
    `Search index: size on disk of pagefind/. First query: what searching "${query ?? '…'}" loads (script, wasm, metadata, index chunks, the first eight results' fragments), each file gzipped. Dev: from saving a product's YAML with a new name to site dev serving its page with it, ${EDITS} renames. Build after the edit: a whole \`site build --offline\`.`,
  )
  for (const r of rows) {
    const missed = r.search?.notFirst ?? []
    if (missed.length)
      say(
        `${r.products} products, names not found first, e.g. ${missed
          .slice(0, 3)
          .map((m) => `"${m.name}" → ${m.first ?? 'nothing'}`)
          .join('; ')}`,
      )
    for (const line of [...failureLines(r.products, r.full), ...failureLines(r.products, r.oneEdit)])
      say(line)
  }
}

/**
 * Appends a sentence to one product's description (the one in the middle of the catalogue), builds as
 * an editor would after saving, and puts the file back.
 */
async function editOnce(root: string, keep: string): Promise<Build> {
  const dir = path.join(root, 'content', 'products')
  const files = (await readdir(dir)).filter((f) => f.endsWith('.yaml')).sort()
  const file = path.join(dir, files[Math.floor(files.length / 2)] ?? '')
  const original = await readFile(file, 'utf8')
  await writeFile(file, original.replace(/^description: /m, 'description: Edited for the bench. '))
  try {
    return await build(root, keep)
  } finally {
    await writeFile(file, original)
  }
}
