import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPaths } from '../../model/paths.ts'
import { copyProject, shellEnv } from '../../tests/project-copy.ts'
import { runReview } from './review.ts'

const run = promisify(execFile)

/**
 * Real builds of a copy of this project, reviewed in the browser: a product renamed in its content
 * changes its own page and the catalogue and nothing else; 2 px more padding in the footer's built
 * CSS changes every page with the footer. Each review looks only at the pages its test is about.
 */
let root = ''
let scratch = ''
/** The copy's first build: the baseline of both tests. */
let first = ''
const widths = [360, 1440]

beforeAll(async () => {
  root = await copyProject('site-review-')
  scratch = await mkdtemp(path.join(tmpdir(), 'site-review-out-'))
  await run(process.execPath, ['bin/site.js', 'build'], { cwd: root, env: shellEnv() })
  first = path.join(scratch, 'first')
  await cp(path.join(root, 'dist'), first, { recursive: true })
}, 300_000)

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
  await rm(scratch, { recursive: true, force: true })
})

/**
 * A copy of the first build in `name` with 2 px more padding in the footer's built CSS: a change to
 * every page with the footer, as a shared component's stylesheet makes.
 */
async function padded(name: string): Promise<string> {
  const planted = path.join(scratch, name)
  await cp(first, planted, { recursive: true })
  const assets = path.join(planted, 'client', 'assets')
  let files = 0
  for (const file of await readdir(assets, { recursive: true })) {
    if (!file.endsWith('.css')) continue
    const css = await readFile(path.join(assets, file), 'utf8')
    const more = css.replaceAll('padding-block:3.5rem 2.5rem', 'padding-block:calc(3.5rem + 2px) 2.5rem')
    if (more !== css) files++
    await writeFile(path.join(assets, file), more)
  }
  expect(files).toBeGreaterThan(0)
  return planted
}

/** The share changed per route and width, from what review.json says. */
async function changes(out: string): Promise<Record<string, number>> {
  const json = JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8')) as {
    pages: { route: string; width: number; changed: number }[]
  }
  return Object.fromEntries(json.pages.map((p) => [`${p.route} ${p.width}`, p.changed]))
}

describe('site review', () => {
  it('shows 2 px more padding in the footer on every page with the footer, and none on the page without', async () => {
    const planted = await padded('padded')
    const out = path.join(scratch, 'padding-report')
    const routes = ['/', '/aboutus', '/support', '/products/szephyr', '/404.html']
    const review = await runReview(
      { ...projectPaths(root), client: path.join(planted, 'client') },
      { baseline: first, out, widths, routes },
    )
    const changed = await changes(out)
    for (const route of ['/', '/aboutus', '/support', '/products/szephyr'])
      for (const width of widths) expect(changed[`${route} ${width}`], `${route} ${width}`).toBeGreaterThan(0)
    // The not-found page has no footer.
    for (const width of widths) expect(changed[`/404.html ${width}`]).toBe(0)
    expect(review.summary).toMatch(
      /^Review: 4 of 5 pages changed \(8 of 10 shots\); the largest: .+\. Report: /,
    )
    const files = await readdir(path.join(out, 'images'))
    for (const file of [
      'diff.html',
      'marks.png',
      'baseline-band.png',
      'new-band.png',
      'baseline.png',
      'new.png',
    ])
      expect(files).toContain(`products_szephyr-360-${file}`)
    expect(files.some((f) => f.startsWith('404.html'))).toBe(false)
  }, 300_000)

  it("shows a renamed product on its own page and the catalogue's, and leaves other pages at 0", async () => {
    const file = path.join(root, 'content', 'products', 'szephyr.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('name: SZephyr', 'name: SZephyr Air'))
    await run(process.execPath, ['bin/site.js', 'build'], { cwd: root, env: shellEnv() })
    const out = path.join(scratch, 'rename-report')
    await runReview(projectPaths(root), {
      baseline: first,
      out,
      widths,
      routes: ['/products/szephyr', '/products', '/privacy_policy', '/aboutus'],
    })
    const changed = await changes(out)
    for (const width of widths) {
      expect(changed[`/products/szephyr ${width}`]).toBeGreaterThan(0)
      expect(changed[`/products ${width}`]).toBeGreaterThan(0)
      expect(changed[`/privacy_policy ${width}`]).toBe(0)
      expect(changed[`/aboutus ${width}`]).toBe(0)
    }
    // Again, as a release manager does after a look at the report: every shot is known on both sides,
    // the changed pages' PNGs are read from the store, nothing is shot, and the review says the same.
    const again = path.join(scratch, 'rename-again')
    const second = await runReview(projectPaths(root), {
      baseline: first,
      out: again,
      widths,
      routes: ['/products/szephyr', '/products', '/privacy_policy', '/aboutus'],
    })
    expect(await changes(again)).toEqual(changed)
    expect(second.shots).toEqual({ taken: 0, known: 4 * 2 * widths.length })
    expect(second.summary).toContain('0 shots taken, 16 known from the same files shot before')
  }, 300_000)
})

describe('the PNGs a review keeps', () => {
  it('spare the baseline a shot after a change to every page, unless one is altered, and are pruned to what the last review used', async () => {
    // A cache of this test's own: the reviews above leave theirs in the copy's .cache/.
    const paths = { ...projectPaths(root), cache: path.join(scratch, 'store-cache') }
    const store = path.join(paths.cache, 'review-shots')
    const routes = ['/products/szephyr']
    const pad = await padded('padded-store')
    let report = 0
    const review = (site: string, baseline: string, fresh = false) =>
      runReview(
        { ...paths, client: path.join(site, 'client') },
        { baseline, out: path.join(scratch, `store-report-${++report}`), widths, routes, fresh },
      )
    const out = () => path.join(scratch, `store-report-${report}`)
    const pngs = async () => new Set(await readdir(store))

    // The release as a review saw it when it was the new site (against itself: one shot for both).
    expect((await review(first, first)).shots).toEqual({ taken: widths.length, known: widths.length })
    const release = await pngs()
    expect(release.size).toBe(widths.length)

    // The footer change: the new side is shot, the baseline is read from the store.
    const after = await review(pad, first)
    expect(after.shots).toEqual({ taken: widths.length, known: widths.length })
    const changed = await changes(out())
    for (const width of widths) expect(changed[`/products/szephyr ${width}`]).toBeGreaterThan(0)
    expect(after.stored).toEqual({ kept: 2 * widths.length, removed: 0, bytes: expect.any(Number) })

    // Again: both sides read, nothing shot, the same shares.
    expect((await review(pad, first)).shots).toEqual({ taken: 0, known: 2 * widths.length })
    expect(await changes(out())).toEqual(changed)

    // One of the release's PNGs altered on disk: that side is shot again.
    const altered = path.join(store, [...release][0] as string)
    const bytes = await readFile(altered)
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0xff
    await writeFile(altered, bytes)
    expect((await review(pad, first)).shots).toEqual({ taken: widths.length, known: widths.length })
    expect(await changes(out())).toEqual(changed)

    // A review that trusts nothing finds the same.
    expect((await review(pad, first, true)).shots).toEqual({ taken: 2 * widths.length, known: 0 })
    expect(await changes(out())).toEqual(changed)

    // The new site against itself uses none of the release's PNGs: they go.
    const itself = await review(pad, pad)
    expect(itself.shots).toEqual({ taken: 0, known: 2 * widths.length })
    expect(itself.stored).toMatchObject({ kept: widths.length, removed: widths.length })
    const left = await pngs()
    expect(left.size).toBe(widths.length)
    for (const png of release) expect(left.has(png)).toBe(false)
  }, 300_000)
})

describe('the baseline a release build keeps', () => {
  it('is the release build the promotion replaced, found by site review without --baseline', async () => {
    const dist = path.join(scratch, 'kept')
    await cp(first, dist, { recursive: true })
    await rename(path.join(dist, 'client'), path.join(dist, 'release'))
    await cp(path.join(dist, 'release'), path.join(dist, 'baseline', 'client'), { recursive: true })
    await cp(path.join(dist, 'release'), path.join(dist, 'client'), { recursive: true })
    const review = await runReview(
      { ...projectPaths(root), dist, client: path.join(dist, 'client') },
      { out: path.join(scratch, 'kept-report'), widths: [1000], routes: ['/railways'] },
    )
    expect(review.baseline).toContain(path.join('kept', 'baseline', 'client'))
    // The same bytes on both sides: the page is shot once, and the baseline's shot is known from it.
    expect(review.shots).toEqual({ taken: 1, known: 1 })
    expect(review.routes).toEqual([
      { route: '/railways', id: 'page-railways', widths: [{ width: 1000, changed: 0 }] },
    ])
  }, 120_000)
})
