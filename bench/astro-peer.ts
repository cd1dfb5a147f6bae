/**
 * `npm run bench -- astro`: our cold build against the Astro peer (bench/astro-peer/), issue #46's
 * "cold build at most 0.5x the Astro peer on the same inputs".
 *
 * The peer builds the same content (read from the project copy's content/, not from our HTML) into the
 * same 62 pages and encodes the same 753 WebP images (every source at its ladder's widths, quality 80)
 * through Astro's own image pipeline; docs/decisions.md, "Build and pre-render", says how it was made
 * and what differs. Each run is cold on both sides:
 * - ours: `site build --offline --full --force-images` in a copy of the project (tests/project-copy.ts)
 *   with dist/, public/media/ and every cache under .cache/ removed, except .cache/cli, the compiled CLI
 *   that `npm install` writes (the counterpart of Astro's compiled package, made once before the runs);
 * - Astro: `astro build` in bench/astro-peer with dist/, .astro/ and node_modules/.astro (where Astro
 *   keeps its content store and optimised images) removed.
 * The sides alternate, each run starting with the side the run before ended with, so neither always
 * goes first; the wall time of each whole process is measured, with its CPU time (user + system, from
 * GNU time when the machine has it), and the load average before and after each run. Installing the
 * peer (`npm ci` in its folder, when its node_modules is missing or older than its lock file) is not
 * timed.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'
import sharp from 'sharp'
import { bytes, duration } from '../cli/timing.ts'
import { type ManifestEntry, outputName } from '../model/images.ts'
import { PROJECT_ROOT } from '../model/paths.ts'
import { copyProject, shellEnv } from '../tests/project-copy.ts'
import { median } from './stats.ts'

const run = promisify(execFile)
const PEER = path.join(PROJECT_ROOT, 'bench', 'astro-peer')
const GNU_TIME = '/usr/bin/time'

/** One timed build: wall and CPU time, the 1-minute load average around it, and what it printed. */
interface Timed {
  ms: number
  cpuMs: number | undefined
  loadBefore: number
  loadAfter: number
  output: string
}

/** What a built site holds: pages, encoded images and their sizes, bytes. */
interface Built {
  pages: number
  htmlBytes: number
  images: number
  imageBytes: number
  /** `width×height` of every encoded image, sorted, to compare the two sides. */
  sizes: string[]
}

export async function benchAstro(options: { runs: number }) {
  await installPeer()
  const root = await copyProject('site-bench-astro-')
  try {
    // The compiled CLI, as `npm install` leaves it: not a cache of the build's, so not part of a cold run.
    await run(process.execPath, ['bin/site.js', '--version'], { cwd: root, env: shellEnv() })
    const loadStart = loadavg()
    console.log(
      `\nCold build: ours against the Astro peer (bench/astro-peer.ts), ${options.runs} runs each, alternating; ${availableParallelism()} cores, load average ${loadText(loadStart)} at the start`,
    )
    const ours: Timed[] = []
    const astro: Timed[] = []
    const sides = [
      { name: 'ours', runs: ours, build: () => buildOurs(root) },
      { name: 'Astro', runs: astro, build: () => buildPeer(path.join(root, 'content')) },
    ]
    for (let i = 0; i < options.runs; i++) {
      for (const side of i % 2 ? [...sides].reverse() : sides) {
        const timed = await side.build()
        side.runs.push(timed)
        console.log(
          `  run ${i + 1} ${side.name}: ${duration(timed.ms)} wall${timed.cpuMs === undefined ? '' : `, ${duration(timed.cpuMs)} CPU`}, load ${timed.loadBefore.toFixed(2)} → ${timed.loadAfter.toFixed(2)}`,
        )
      }
    }
    const loadEnd = loadavg()
    const oursBuilt = await builtOurs(root, ours.at(-1)?.output ?? '')
    const astroBuilt = await builtPeer()
    printComparison(ours, astro, oursBuilt, astroBuilt)
    console.log(
      `  Load average (1, 5, 15 min): ${loadText(loadStart)} before, ${loadText(loadEnd)} after (which counts the builds' own work).`,
    )
    // Only the load before the first build is other work's: after it, the builds' own work is in it.
    if ((loadStart[0] ?? 0) > availableParallelism() * 0.75)
      console.log(
        '  The machine was busy with other work when the bench started: wall times are inflated and the ratio less certain; CPU times are steadier.',
      )
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

/** `npm ci` in bench/astro-peer when its node_modules is missing or older than its lock file. */
async function installPeer() {
  const installed = await stat(path.join(PEER, 'node_modules', '.package-lock.json')).catch(() => undefined)
  const lock = await stat(path.join(PEER, 'package-lock.json'))
  if (installed && installed.mtimeMs >= lock.mtimeMs) return
  console.log('Installing the Astro peer (npm ci in bench/astro-peer; not timed)...')
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEER, maxBuffer: 16 * 1024 * 1024 })
}

/** Runs a command, timing its wall clock and (with GNU time) its CPU time, children included. */
async function timeProcess(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<Timed> {
  const cpuFile = path.join(tmpdir(), `site-bench-astro-cpu-${process.pid}`)
  const [file, argv] = existsSync(GNU_TIME)
    ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, command, ...args]]
    : [command, args]
  const loadBefore = loadavg()[0] ?? 0
  const start = performance.now()
  const { stdout, stderr } = await run(file, argv, { cwd, env, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${error.stdout}\n${error.stderr}`)
    },
  )
  const ms = Math.round(performance.now() - start)
  const cpu = await readFile(cpuFile, 'utf8').catch(() => undefined)
  await rm(cpuFile, { force: true })
  const [user, system] = (cpu?.trim().split('\n').at(-1) ?? '').split(' ').map(Number)
  const cpuMs = user === undefined || system === undefined ? undefined : Math.round((user + system) * 1000)
  return { ms, cpuMs, loadBefore, loadAfter: loadavg()[0] ?? 0, output: `${stdout}\n${stderr}` }
}

/** Our build with nothing to take over: no dist/, no encoded images, no cache but the compiled CLI. */
async function buildOurs(root: string): Promise<Timed> {
  const cache = path.join(root, '.cache')
  for (const entry of await readdir(cache).catch(() => []))
    if (entry !== 'cli') await rm(path.join(cache, entry), { recursive: true, force: true })
  await rm(path.join(root, 'dist'), { recursive: true, force: true })
  await rm(path.join(root, 'public', 'media'), { recursive: true, force: true })
  const result = await timeProcess(
    process.execPath,
    ['bin/site.js', 'build', '--offline', '--full', '--force-images'],
    root,
    shellEnv(),
  )
  const images = /(\d+) images: (\d+) encoded, (\d+) cached/.exec(result.output)
  if (!images || images[1] !== images[2] || images[3] !== '0')
    throw new Error(`Our build did not encode every image afresh:\n${result.output}`)
  return result
}

/** The peer's build with nothing to take over: no dist/, no .astro/, no node_modules/.astro. */
async function buildPeer(content: string): Promise<Timed> {
  for (const folder of ['dist', '.astro', 'node_modules/.astro'])
    await rm(path.join(PEER, folder), { recursive: true, force: true })
  return timeProcess(process.execPath, ['node_modules/astro/astro.js', 'build'], PEER, {
    ...shellEnv(),
    SITE_CONTENT: content,
    ASTRO_TELEMETRY_DISABLED: '1',
  })
}

/** The stage lines our build prints (`  images   260 images: ...   19.0 s`), in milliseconds. */
function ourStages(output: string): Map<string, number> {
  const stages = new Map<string, number>()
  for (const [, name, value, unit] of stripVTControlCharacters(output).matchAll(
    /^ {2}([a-z][a-z -]*?) {2,}.*? ([\d.]+) (ms|s)$/gm,
  ))
    if (name && value) stages.set(name, Number(value) * (unit === 's' ? 1000 : 1))
  return stages
}

/** The phases Astro times, each from the line that starts it to the first time printed after it. */
const ASTRO_PHASES = [
  ['content and types', /Collecting build info\.\.\./],
  ['server bundle', /Building static entrypoints\.\.\./],
  ['client bundle', /building client \(vite\)/],
  ['pages', /generating static routes/],
  ['images', /generating optimized images/],
] as const

/** Astro's phases (`generating optimized images` ... `✓ Completed in 56.10s.`), in milliseconds. */
function astroPhases(output: string): Map<string, number> {
  const plain = stripVTControlCharacters(output)
  const phases = new Map<string, number>()
  for (const [name, start] of ASTRO_PHASES) {
    const from = plain.search(start)
    if (from < 0) continue
    const found = /(?:Completed in|built in) ([\d.]+)(m?s)/.exec(plain.slice(from))
    if (found) phases.set(name, Number(found[1]) * (found[2] === 's' ? 1000 : 1))
  }
  return phases
}

/** Every HTML file under `dir`, with its size. */
async function htmlFiles(dir: string): Promise<number[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.html'))
  return Promise.all(files.map(async (e) => (await stat(path.join(e.parentPath, e.name))).size))
}

/** Widths, heights and bytes of encoded image files. */
async function imageSizes(files: string[]): Promise<Pick<Built, 'images' | 'imageBytes' | 'sizes'>> {
  const read = await Promise.all(
    files.map(async (file) => ({ meta: await sharp(file).metadata(), size: (await stat(file)).size })),
  )
  return {
    images: files.length,
    imageBytes: read.reduce((n, r) => n + r.size, 0),
    sizes: read.map((r) => `${r.meta.width}×${r.meta.height}`).sort(),
  }
}

/**
 * Our site: its pages, and each image the manifest says was encoded at a width (the unsuffixed
 * `name.webp` beside them is a copy of one width, made without encoding: cli/images/encode.ts).
 */
async function builtOurs(root: string, output: string): Promise<Built> {
  const client = path.join(root, 'dist', 'client')
  const manifest = JSON.parse(
    await readFile(path.join(root, '.cache', 'images', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestEntry>
  const files = Object.entries(manifest).flatMap(([ref, entry]) =>
    entry.widths.map((w) => path.join(client, 'media', outputName(ref, w))),
  )
  const html = await htmlFiles(client)
  const pages = Number(/(\d+) pages written/.exec(output)?.[1] ?? html.length)
  return { pages, htmlBytes: html.reduce((a, b) => a + b, 0), ...(await imageSizes(files)) }
}

/** The peer's site: its pages and every WebP Astro wrote. */
async function builtPeer(): Promise<Built> {
  const dist = path.join(PEER, 'dist')
  const assets = path.join(dist, '_astro')
  const files = (await readdir(assets)).filter((f) => f.endsWith('.webp')).map((f) => path.join(assets, f))
  const html = await htmlFiles(dist)
  return { pages: html.length, htmlBytes: html.reduce((a, b) => a + b, 0), ...(await imageSizes(files)) }
}

/** How many sizes one side has that the other lacks, as `a` minus `b` of a sorted multiset. */
function missingSizes(a: string[], b: string[]): number {
  const left = new Map<string, number>()
  for (const s of b) left.set(s, (left.get(s) ?? 0) + 1)
  let missing = 0
  for (const s of a) {
    const n = left.get(s) ?? 0
    if (n) left.set(s, n - 1)
    else missing++
  }
  return missing
}

function printComparison(ours: Timed[], astro: Timed[], oursBuilt: Built, astroBuilt: Built) {
  const wall = (runs: Timed[]) => median(runs.map((r) => r.ms))
  const cpu = (runs: Timed[]) =>
    runs.every((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs ?? 0)) : undefined
  const ratio = wall(ours) / wall(astro)
  const [oursCpu, astroCpu] = [cpu(ours), cpu(astro)]
  console.log(`\n| build | median wall | median CPU | pages | HTML | images encoded | image bytes |`)
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, runs, built] of [
    ['ours: `site build --offline --full --force-images`', ours, oursBuilt],
    ['Astro 5 peer: `astro build`', astro, astroBuilt],
  ] as const) {
    const c = cpu(runs)
    console.log(
      `| ${name} | ${duration(wall(runs))} | ${c === undefined ? 'n/a' : duration(c)} | ${built.pages} | ${bytes(built.htmlBytes)} | ${built.images} | ${bytes(built.imageBytes)} |`,
    )
  }
  console.log(
    `\nOurs / Astro, median wall time: ${ratio.toFixed(2)} (target at most 0.5)${oursCpu && astroCpu ? `; CPU time: ${(oursCpu / astroCpu).toFixed(2)}` : ''}.`,
  )
  const missing = missingSizes(oursBuilt.sizes, astroBuilt.sizes)
  const extra = missingSizes(astroBuilt.sizes, oursBuilt.sizes)
  console.log(
    missing || extra
      ? `  The images differ: ${missing} of ours have no image of the same size in Astro's, ${extra} of Astro's none in ours.`
      : `  Both sides encoded ${oursBuilt.images} WebP images of the same ${new Set(oursBuilt.sizes).size} distinct sizes (width × height, image for image).`,
  )
  const stages = (runs: Timed[], read: (output: string) => Map<string, number>) => {
    const each = runs.map((r) => read(r.output))
    return [...(each[0]?.keys() ?? [])]
      .map((name) => `${name} ${duration(median(each.map((m) => m.get(name) ?? 0)))}`)
      .join(', ')
  }
  console.log(`  Our stages (median): ${stages(ours, ourStages)}.`)
  console.log(`  Astro's phases (median): ${stages(astro, astroPhases)}.`)
}

/** The three load averages, as `1.23, 1.10, 0.98`. */
function loadText(values: number[]): string {
  return values.map((v) => v.toFixed(2)).join(', ')
}
