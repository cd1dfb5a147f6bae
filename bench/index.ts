/**
 * `npm run bench`: what the budgets are about, printed as tables for issue notes and never asserted
 * (budgets are enforced by `site verify`). README.md, "Releasing", lists the parts.
 *
 * - `npm run bench` runs a quick sample in a few minutes: every part marked `quick` below, with
 *   Lighthouse and the long tasks on four representative routes and fewer runs.
 * - `npm run bench -- <part> [<part> ...]` runs those parts in full; `npm run bench -- --all` runs
 *   every part in full (Lighthouse on every route in the sitemap: over an hour).
 * - `--routes /,/aboutus`, `--runs N` and `--compare URL` (tasks) change the sample either way.
 * - A part that takes an argument has it right after its name: `npm run bench -- scale 100,500,1000`.
 *
 * Every server the bench starts listens on a free port it picks, so it runs beside `npm start`, the
 * browser tests or another bench.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { runImages } from '../cli/images/run.ts'
import { fromDir, openIndex } from '../cli/search/query.ts'
import { buildSiteIndex } from '../cli/search/site-index.ts'
import { bytes, duration } from '../cli/timing.ts'
import { verifySite } from '../cli/verify/verify.ts'
import { buildConfig } from '../model/config.ts'
import { loadContent, readContent } from '../model/content/load.ts'
import { renderContext } from '../model/context.ts'
import { expectedRoutes, sitemapRoutes } from '../model/page-routes.ts'
import { PROJECT_ROOT, projectPaths } from '../model/paths.ts'
import { freePort } from '../tests/free-port.ts'
import { writeFloorCopy } from './floor.ts'
import { runLighthouse } from './lighthouse.ts'
import { measureLongTasks } from './long-tasks.ts'
import { benchScale, parseSizes } from './scale.ts'
import { median, time } from './stats.ts'

/** Options that take a value; every other `--x` is a switch. */
const VALUED = new Set(['--routes', '--runs', '--compare', '--only'])
const args = process.argv.slice(2)
const all = args.includes('--all')

/**
 * One of each kind of page: home, a domain page (the longest to render), a product page (the largest
 * HTML) and a form page (the most JavaScript).
 */
const REPRESENTATIVE_ROUTES = ['/', '/railways', '/products/szephyr', '/productenquiry/szephyr']

async function benchValidate() {
  const paths = projectPaths()
  const runs: number[] = []
  for (let i = 0; i < 7; i++) runs.push((await time(() => readContent(paths.content, paths.root))).ms)
  console.log(`site validate: median ${duration(median(runs))} over 7 runs (first ${duration(runs[0] ?? 0)})`)
}

async function benchImages() {
  const paths = projectPaths()
  const content = await loadContent(paths.content)
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-bench-images-'))
  try {
    const temp = { ...paths, cache: path.join(scratch, 'cache'), media: path.join(scratch, 'media') }
    const cold = await time(() => runImages(content, temp, { progress: false }))
    const warm = await time(() => runImages(content, temp, { progress: false }))
    const s = cold.value
    console.log(
      `site images: cold ${duration(cold.ms)} (${s.encoded} encoded), warm ${duration(warm.ms)} (${warm.value.cached} cached)`,
    )
    console.log(`  ${s.total} sources, ${bytes(s.inBytes)} in → ${bytes(s.outBytes)} of .webp out`)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * Wall time of whole CLI processes, as a person sees it: `site --help` and `site validate`, each run
 * 7 times with the compiled CLI (bin/compiled-cli.js) and 3 times from the TypeScript sources through
 * tsx (SITE_CLI_SOURCE=1), which is what every call cost before the CLI was compiled.
 */
function benchStart() {
  const wall = (args: string[], env: NodeJS.ProcessEnv) => {
    const start = performance.now()
    execFileSync(process.execPath, ['bin/site.js', ...args], { cwd: PROJECT_ROOT, stdio: 'pipe', env })
    return Math.round(performance.now() - start)
  }
  wall(['--version'], process.env) // compiles the CLI first if a source changed
  for (const args of [['--help'], ['validate']]) {
    const compiled = Array.from({ length: 7 }, () => wall(args, process.env))
    const source = Array.from({ length: 3 }, () => wall(args, { ...process.env, SITE_CLI_SOURCE: '1' }))
    console.log(
      `site ${args.join(' ')}: median ${duration(median(compiled))} compiled, ${duration(median(source))} from the sources (tsx)`,
    )
  }
}

/**
 * `site build --full` (every page, the bundle made afresh), then `site build` with nothing changed
 * (what it takes over from the last build); the second is left out of the quick sample.
 */
function benchBuild() {
  const run = (...args: string[]) => {
    const start = performance.now()
    execFileSync(process.execPath, ['bin/site.js', 'build', ...args], { cwd: PROJECT_ROOT, stdio: 'pipe' })
    return Math.round(performance.now() - start)
  }
  const full = run('--full')
  if (quick) return console.log(`site build --full: ${duration(full)}`)
  const again = run()
  console.log(
    `site build --full: ${duration(full)}; then site build with nothing changed: ${duration(again)}`,
  )
}

async function benchRoutes() {
  const paths = projectPaths()
  const content = await loadContent(paths.content)
  const report = await verifySite(paths.client, buildConfig(content.site), {
    routes: expectedRoutes(content),
    sitemap: sitemapRoutes(content),
  })
  console.log('\nJavaScript per route (gzipped) and HTML size:')
  console.log(`| route | JS gzip | budget | HTML |\n|---|---|---|---|`)
  for (const r of report.rows)
    console.log(`| ${r.route} | ${bytes(r.jsGzipBytes)} | ${bytes(r.jsBudget)} | ${bytes(r.htmlBytes)} |`)
}

async function benchApi() {
  const { benchSubmissions } = await import('./intake.ts')
  const result = await benchSubmissions()
  console.log(
    `\nIntake API: ${Math.round(result.perSecond)} valid submissions/s with synchronous=FULL (${result.total} submissions)`,
  )
}

/**
 * The search stage on the built site (`npm run build` first): pages and words indexed, the index on
 * disk and what a first query transfers (gzipped), index build time (median of 5) and query time.
 */
async function benchSearch() {
  const paths = projectPaths()
  process.env.SITE_ROOT = paths.root
  const ctx = await renderContext()
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-bench-search-'))
  try {
    await cp(paths.client, scratch, { recursive: true })
    const runs: number[] = []
    let index: Awaited<ReturnType<typeof buildSiteIndex>> | undefined
    for (let i = 0; i < 5; i++) {
      const run = await time(() => buildSiteIndex(scratch, ctx))
      runs.push(run.ms)
      index = run.value
    }
    if (!index) return
    const dir = path.join(scratch, 'pagefind')
    const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    const gz = async (name: string) =>
      gzipSync(await readFile(path.join(dir, name)).catch(() => new Uint8Array()), { level: 9 }).length
    const entry = ['pagefind.js', 'pagefind-entry.json', 'wasm.en.pagefind']
    const meta = files.find((f) => f.endsWith('.pf_meta')) ?? ''
    const firstLoad = (await Promise.all([...entry, meta].map(gz))).reduce((n, size) => n + size, 0)
    console.log(
      `\nSearch index: ${index.pages} pages, ${index.words} words, ${files.length} files, ${bytes(index.bytes)} on disk`,
    )
    console.log(`  build: median ${duration(median(runs))} over 5 runs (first ${duration(runs[0] ?? 0)})`)
    console.log(
      `  first query loads (gzip): script + wasm + meta ${bytes(firstLoad)}, words.json ${bytes(await gz('words.json'))}, plus the index chunks and fragments it hits`,
    )
    const search = await openIndex(fromDir(path.join(scratch, 'pagefind')))
    try {
      const queries = ['RS-485', 'L2 managed', 'glow wire', 'UHF radio modem', 'fire']
      const first = await time(() => search.search(queries[0] ?? ''))
      const rest = await time(async () => {
        for (const q of queries) await search.search(q)
      })
      console.log(
        `  query in Node: first ${duration(first.ms)}, then ${duration(Math.round(rest.ms / queries.length))} each`,
      )
    } finally {
      await search.close()
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** `npm run bench -- intake`: submissions per second, one SQLite instance and two PostgreSQL instances. */
async function benchIntake() {
  const { benchSubmissions, benchTwoPostgres } = await import('./intake.ts')
  const sqlite = await benchSubmissions()
  const postgres = await benchTwoPostgres()
  console.log(
    '\nIntake API, valid submissions answered 201 per second (64 in flight, keep-alive, each committed durably):',
  )
  console.log('| setup | submissions/s | submissions |\n|---|---|---|')
  console.log(`| SQLite, one instance | ${sqlite.perSecond} | ${sqlite.total} |`)
  console.log(`| PostgreSQL, two instances | ${postgres.perSecond} | ${postgres.total} |`)
}

async function benchIntakePg() {
  const { benchIntakePostgres } = await import('./intake.ts')
  const r = await benchIntakePostgres()
  console.log(
    `\nIntake on PostgreSQL, two instances: ${r.perSecond} valid submissions/s (${r.total} submissions)`,
  )
  console.log(
    `  SIGKILL of one instance under load: ${r.acknowledged} acknowledged, ${r.missing} missing, ${r.stored} stored;` +
      ` webhook: ${r.undelivered} undelivered, ${r.duplicates} delivered twice; all delivered ${r.drainSeconds} s after the kill`,
  )
}

/** `npm run bench -- soak [10m]`: bench/soak.ts. */
async function runSoak(duration: string | undefined) {
  const { benchSoak, parseDuration } = await import('./soak.ts')
  await benchSoak(parseDuration(duration))
}

/** `--name value` from the bench's arguments. */
const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

/** A port nothing listens on now: the system's pick for port 0, handed back at once. */

/**
 * Starts tests/e2e/static-server.mjs (gzip, like a CDN) on `dir` at a free port and resolves with its
 * origin once it answers. Another program may take the port between the probe and the listen: then
 * the server exits and the next free port is tried.
 */
async function serveStatic(dir: string) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const server = spawn(process.execPath, ['tests/e2e/static-server.mjs', dir, String(port), '--gzip'], {
      cwd: PROJECT_ROOT,
      stdio: 'ignore',
    })
    const exited = new Promise<'exited'>((resolve) => server.once('exit', () => resolve('exited')))
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline) {
      const answered = await Promise.race([
        fetch(`${origin}/`).then(
          (r) => r.body?.cancel().then(() => true) ?? true,
          () => false,
        ),
        exited,
      ])
      if (answered === true) return { server, origin }
      if (answered === 'exited') break
      await new Promise((r) => setTimeout(r, 100))
    }
    server.kill()
    if (attempt === 3) throw new Error(`the static server for ${dir} did not start (tried 3 free ports)`)
  }
}

/** The indexed routes of the built site: the paths its sitemap lists. */
async function sitemapPaths(client: string): Promise<string[]> {
  const sitemap = await readFile(path.join(client, 'sitemap.xml'), 'utf8')
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname)
}

/**
 * Lighthouse (mobile) on every indexed route (or `--routes /,/aboutus`), each beside its zero-JS floor:
 * the same HTML with every script removed, served by the same server with the same throttling. The
 * quick sample measures the representative routes once each.
 */
async function benchLighthouse() {
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-bench-lh-'))
  const client = projectPaths().client
  const routes = flag('routes')?.split(',') ?? (quick ? REPRESENTATIVE_ROUTES : await sitemapPaths(client))
  const runs = Number(flag('runs') ?? (quick ? 1 : 3))
  await cp(client, path.join(scratch, 'site'), { recursive: true })
  await writeFloorCopy(client, path.join(scratch, 'floor'))
  // Any local port does: Lighthouse's canonical audit does not compare the canonical URL's origin
  // (SITE_URL) with the page's.
  const site = await serveStatic(path.join(scratch, 'site'))
  const floor = await serveStatic(path.join(scratch, 'floor'))
  try {
    console.log(
      `\nLighthouse (mobile, simulated throttling, median of ${runs} runs) beside the zero-JS floor:`,
    )
    console.log(
      '| route | perf | a11y | BP | SEO | CLS | LCP | floor LCP | ratio | TBT | JS | images | LCP element |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    )
    await runLighthouse({ site: site.origin, floor: floor.origin }, routes, runs, (r) =>
      console.log(
        `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.cls.toFixed(3)} | ${r.lcpMs} ms | ${r.floorLcpMs} ms | ${r.ratio.toFixed(2)} | ${r.tbtMs} ms | ${bytes(r.scriptBytes)} | ${bytes(r.imageBytes)} | \`${r.lcpElement}\` |`,
      ),
    )
    console.log(
      'Floor: the same HTML with every script removed. JS and images: bytes transferred on the first load on a phone, before any scrolling.',
    )
  } finally {
    site.server.kill()
    floor.server.kill()
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * Long tasks from navigation to hydration (and after it, until the page is quiet) on a phone with the CPU
 * slowed 4x, median of `--runs` loads per route (10; 2 in the quick sample) on the representative
 * routes (or `--routes`), on the built site served as a CDN would. `--compare URL` loads the same
 * routes from another server in alternating runs (an A/B of two builds).
 */
async function benchTasks() {
  const routes = flag('routes')?.split(',') ?? REPRESENTATIVE_ROUTES
  const runs = Number(flag('runs') ?? (quick ? 2 : 10))
  const compare = flag('compare')
  const { server, origin } = await serveStatic(projectPaths().client)
  try {
    const bases = [origin, ...(compare ? [compare.replace(/\/$/, '')] : [])]
    console.log(
      `\nLong tasks until hydration, and after it until 2 s pass with none (4x CPU slowdown, phone viewport, median of ${runs} loads)${compare ? `, this build (A) against ${compare} (B)` : ''}:`,
    )
    console.log(
      '| route | build | blocking (sum over 50 ms) | longest task | long tasks | blocking after hydration, until quiet |\n|---|---|---|---|---|---|',
    )
    for (const route of routes) {
      const urls = bases.map((base) => `${base}${route}`)
      const results = await measureLongTasks(urls, runs)
      for (const [i, url] of urls.entries()) {
        const tasks = results.get(url) ?? []
        const m = (pick: (t: (typeof tasks)[number]) => number) => median(tasks.map(pick))
        console.log(
          `| ${route} | ${i === 0 ? 'A' : 'B'} | ${m((t) => t.blockingMs)} ms | ${m((t) => t.longestMs)} ms | ${m((t) => t.count)} | ${m((t) => t.afterMs)} ms |`,
        )
      }
    }
  } finally {
    server.kill()
  }
}

/**
 * The longest Event Timing entry of each interaction issue #46 names (bench/interactions.ts), in
 * Debian's Chromium with the CPU slowed 4x, median of `--runs` page loads (5), on the built site served
 * as a CDN would; each against the 50 ms budget.
 */
async function benchInteractions() {
  const runs = Number(flag('runs') ?? 5)
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-bench-interactions-'))
  await writeFloorCopy(projectPaths().client, scratch)
  const site = await serveStatic(projectPaths().client)
  const floor = await serveStatic(scratch)
  try {
    const { FLOOR_INTERACTIONS, INTERACTIONS, interactionTable, measureInteractions } = await import(
      './interactions.ts'
    )
    // `--only filter,menu`: the interactions whose names contain one of those words.
    const only = flag('only')?.split(',')
    const pick = (list: typeof INTERACTIONS) =>
      only ? list.filter((i) => only.some((word) => i.name.includes(word))) : list
    const results = await measureInteractions(site.origin, runs, pick(INTERACTIONS))
    const floorResults = await measureInteractions(floor.origin, runs, pick(FLOOR_INTERACTIONS))
    console.log(
      `\nInteractions: the longest Event Timing entry from input to the next paint (4x CPU slowdown, median of ${runs} page loads, the pointer on the control before it presses; "<16": under the 16 ms the API reports):`,
    )
    for (const line of interactionTable(results)) console.log(line)
    console.log(
      '\nThe floor: the same pages with every script removed, the browser alone painting a like change:',
    )
    for (const line of interactionTable(floorResults)) console.log(line)
  } finally {
    site.server.kill()
    floor.server.kill()
    await rm(scratch, { recursive: true, force: true })
  }
}

/**
 * Every part, in the order they run; `quick` parts make up `npm run bench` with no arguments. Parts
 * that measure the built site (`built`) come after the build. A part with an `argument` reads the word
 * after its name, when that is neither an option nor another part.
 */
const PARTS: {
  name: string
  quick: boolean
  built?: true
  argument?: string
  run: (argument: string | undefined) => unknown
}[] = [
  { name: 'start', quick: true, run: benchStart },
  { name: 'validate', quick: true, run: benchValidate },
  // Encodes every image twice, cold: the build's own timing covers the warm cache.
  { name: 'images', quick: false, run: benchImages },
  { name: 'build', quick: true, run: benchBuild },
  { name: 'routes', quick: true, built: true, run: benchRoutes },
  { name: 'api', quick: true, run: benchApi },
  { name: 'search', quick: true, built: true, run: benchSearch },
  // Starts PostgreSQL: one SQLite instance against two PostgreSQL instances.
  { name: 'intake', quick: false, run: benchIntake },
  // Starts PostgreSQL and waits out an outbox lease after killing an instance.
  { name: 'intake-pg', quick: false, run: benchIntakePg },
  { name: 'lighthouse', quick: true, built: true, run: benchLighthouse },
  { name: 'tasks', quick: true, built: true, run: benchTasks },
  { name: 'interactions', quick: false, built: true, run: benchInteractions },
  // Builds a copy of the project four times and reviews it: minutes.
  {
    name: 'review',
    quick: true,
    run: async () => (await import('./review.ts')).benchReview({ runs: Number(flag('runs') ?? 3), quick }),
  },
  // Ten minutes by default (`soak 3m` for fewer): three servers, PostgreSQL restarted midway.
  { name: 'soak', quick: false, argument: 'duration', run: runSoak },
  // Builds a scratch copy of the project at each size, twice, and runs site dev on it: tens of minutes.
  { name: 'scale', quick: false, argument: 'sizes', run: (sizes) => benchScale(parseSizes(sizes)) },
  // Our cold build against the Astro peer (bench/astro-peer/), each `--runs` times (3): minutes.
  {
    name: 'astro',
    quick: false,
    run: async () => (await import('./astro-peer.ts')).benchAstro({ runs: Number(flag('runs') ?? 3) }),
  },
]

/** The parts named on the command line, each with its argument if it takes one. */
const named = new Map<string, string | undefined>()
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? ''
  if (arg.startsWith('--')) {
    if (VALUED.has(arg)) i++
    continue
  }
  const next = args[i + 1]
  const takes = PARTS.find((part) => part.name === arg)?.argument
  const value =
    takes && next && !next.startsWith('--') && !PARTS.some((p) => p.name === next) ? next : undefined
  named.set(arg, value)
  if (value !== undefined) i++
}
/** No part named and no `--all`: the quick sample. */
const quick = named.size === 0 && !all

const unknown = [...named.keys()].filter((name) => !PARTS.some((part) => part.name === name))
if (unknown.length) {
  console.error(
    `No bench part named ${unknown.join(', ')}. Parts: ${PARTS.map((p) => p.name).join(', ')} (README.md, "Releasing").`,
  )
  process.exit(1)
}
const chosen = PARTS.filter((part) => (all ? true : quick ? part.quick : named.has(part.name)))
const needsSite = chosen.filter((part) => part.built).map((part) => part.name)
const building = chosen.some((part) => part.name === 'build')
if (needsSite.length && !building && !existsSync(path.join(projectPaths().client, 'index.html'))) {
  console.error(
    `${needsSite.join(', ')} measure the built site, and dist/client has none: run \`npm run build\` first, or add \`build\` to the parts.`,
  )
  process.exit(1)
}
const started = performance.now()
if (quick)
  console.log(
    `Quick sample: ${chosen.map((p) => p.name).join(', ')}; Lighthouse and long tasks on ${REPRESENTATIVE_ROUTES.join(', ')}. Name parts or pass --all for the full set.`,
  )
for (const part of chosen) await part.run(named.get(part.name))
console.log(`\nBench done in ${duration(Math.round(performance.now() - started))}.`)
