/**
 * `npm run bench -- review`: `site review` on a copy of this project, built for real, the way a release
 * manager meets it (docs/releasing.md, step 5). Every page at 360, 1000 and 1440 px.
 *
 * 1. The build against a byte-identical copy of itself with `--fresh` (every page shot on both sides),
 *    `runs` times: the wall time of a review that trusts nothing, and how many shots changed (0 is
 *    right: the same build must look the same every time).
 * 2. The first review of that build with nothing remembered: each page is shot once, since the
 *    baseline's page has the same bytes (cli/review/shot-cache.ts).
 * 3. The release loop: an edit, a real `site build`, a review against the release before it, whose
 *    shots the reviews before have seen. One edit each, each from the release: a product's description,
 *    a product's name (in every page's menu), 2 px more padding in the footer's CSS (every page).
 *
 * Each row says how many PNGs the review left for the next one (cli/review/shot-store.ts) and the
 * machine's load average before and after (a review is CPU-bound: another build beside it shows in the
 * wall time); a second table says where each review's time went.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { runReview } from '../cli/review/review.ts'
import { percent } from '../cli/review/share.ts'
import { bytes, duration } from '../cli/timing.ts'
import { projectPaths } from '../model/paths.ts'
import { copyProject, shellEnv } from '../tests/project-copy.ts'
import { time } from './stats.ts'

const run = promisify(execFile)
const WIDTHS = [360, 1000, 1440]

/** An edit an editor or a developer makes between two releases: a file of the project and how it changes. */
interface Edit {
  name: string
  file: string
  from: string
  to: string
}

const EDITS: Edit[] = [
  {
    name: "one product's description",
    file: 'content/products/szephyr.yaml',
    from: 'SZephyr is a smart adapter for air conditioners.',
    to: 'SZephyr is a smart adapter for any air conditioner.',
  },
  {
    name: "one product's name (in every page's menu)",
    file: 'content/products/szephyr.yaml',
    from: 'name: SZephyr',
    to: 'name: SZephyr Air',
  },
  {
    name: "2 px more padding in the footer's CSS (every page)",
    file: 'components/Footer.css',
    from: 'padding-block: 3.5rem 2.5rem;',
    to: 'padding-block: calc(3.5rem + 2px) 2.5rem;',
  },
]

export async function benchReview(options: { runs: number; quick: boolean }) {
  const root = await copyProject('site-bench-review-')
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-bench-review-out-'))
  const paths = projectPaths(root)
  const build = () => run(process.execPath, ['bin/site.js', 'build'], { cwd: root, env: shellEnv() })
  try {
    await build()
    const release = path.join(scratch, 'release')
    await cp(paths.dist, release, { recursive: true })
    console.log('\nsite review, every page at 360, 1000 and 1440 px (bench/review.ts):')
    console.log(
      '| review | pages | shots taken | shots known | wall time | shots changed | largest change | PNGs kept | load before → after |\n|---|---|---|---|---|---|---|---|---|',
    )
    /** Where each review's time went, printed after the table. */
    const spent: string[] = []
    const row = (name: string, reviewed: Awaited<ReturnType<typeof review>>) => {
      const { ms, value, load } = reviewed
      const shots = value.routes.flatMap((r) => r.widths)
      const largest = value.largest
      const stored = value.stored
      console.log(
        `| ${name} | ${value.routes.length} | ${value.shots.taken} | ${value.shots.known} | ${duration(ms)} | ${shots.filter((w) => w.changed > 0).length} | ${largest ? `${largest.route} at ${largest.width} px, ${percent(largest.changed)}` : 'none'} | ${stored ? `${stored.kept}, ${bytes(stored.bytes)}` : '?'} | ${load.map((n) => n.toFixed(1)).join(' → ')} |`,
      )
      const went = value.spent
      const { own, machine } = reviewed.cpu
      if (went)
        spent.push(
          `| ${name} | ${duration(ms)} | ${[went.shooting, went.checking, went.reading, went.comparing, went.writing].map((part) => duration(Math.round(part))).join(' | ')} | ${duration(own)} | ${duration(machine.busy)} / ${duration(machine.idle)} |`,
        )
    }
    let report = 0
    const review = async (fresh: boolean) => {
      const before = loadavg()[0] ?? 0
      const ownBefore = process.cpuUsage()
      const machineBefore = machineCpu()
      const reviewed = await time(() =>
        runReview(paths, {
          baseline: release,
          out: path.join(scratch, `report-${++report}`),
          widths: WIDTHS,
          fresh,
        }),
      )
      const own = process.cpuUsage(ownBefore)
      const machine = machineCpu()
      const cpu = {
        own: Math.round((own.user + own.system) / 1000) + (reviewed.value.comparingCpu ?? 0),
        machine: { busy: machine.busy - machineBefore.busy, idle: machine.idle - machineBefore.idle },
      }
      return { ...reviewed, load: [before, loadavg()[0] ?? 0], cpu }
    }
    for (let i = 1; i <= (options.quick ? 0 : options.runs); i++) {
      const fresh = await review(true)
      row(`the build against itself, --fresh (run ${i})`, fresh)
    }
    await rm(path.join(paths.cache, 'review-shots.json'), { force: true })
    await rm(path.join(paths.cache, 'review-shots'), { recursive: true, force: true })
    const first = await review(false)
    row('the build against itself, nothing remembered', first)
    for (const edit of options.quick ? EDITS.slice(0, 1) : EDITS) {
      const file = path.join(root, edit.file)
      const original = await readFile(file, 'utf8')
      if (!original.includes(edit.from))
        throw new Error(`bench/review.ts: ${edit.file} no longer has "${edit.from}"`)
      await writeFile(file, original.replace(edit.from, edit.to))
      await build()
      const loop = await review(false)
      row(`release loop: ${edit.name}`, loop)
      await writeFile(file, original)
    }
    console.log(
      "\nWhere the time went, summed over the 3 pages in flight (so more than the wall time; cli/review/review.ts, Spent); then the CPU time of the review's own processes (Playwright, hashing, files, and the process the shots are compared in; not Chromium's) and of the whole machine, busy / idle, over all cores (Chromium is most of the rest when nothing else runs):",
    )
    console.log(
      '| review | wall time | shooting | checking files | reading PNGs | comparing | writing PNGs | CPU: the review | CPU: machine busy / idle |\n|---|---|---|---|---|---|---|---|---|',
    )
    for (const line of spent) console.log(line)
  } finally {
    await rm(root, { recursive: true, force: true })
    await rm(scratch, { recursive: true, force: true })
  }
}

/** CPU time of the whole machine so far, summed over its cores, in ms: busy and idle. */
function machineCpu(): { busy: number; idle: number } {
  let busy = 0
  let idle = 0
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq
    idle += times.idle
  }
  return { busy, idle }
}
