import { stat } from 'node:fs/promises'
import path from 'node:path'
import { ERRORS, siteError } from '../../lib/errors.ts'
import { type BuildInfo, readBuildInfo } from '../build/build-info.ts'
import { BASELINE } from '../build/staging.ts'
import { matchPages, sitePages } from './pages.ts'

/** One side of a review: a built site's folder, its pages and, when it has one, its build.json. */
export interface Side {
  client: string
  pages: string[]
  info: BuildInfo | undefined
}

/** The two sides of a review and how their pages pair up. */
export interface Sides {
  baseline: Side
  site: Side
  common: string[]
  added: string[]
  removed: string[]
}

const isDir = (dir: string) =>
  stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  )

/** A folder as the way people write it on the terminal: relative to where they are, when inside it. */
export const shown = (dir: string) => {
  const relative = path.relative(process.cwd(), dir)
  return relative && !relative.startsWith('..') ? relative : dir
}

/**
 * The site under review (`client`, normally dist/client) and its baseline: `baselineDir` when given
 * (a site's folder, or a dist folder with client/ in it), else `dist/baseline`, where a build keeps the
 * release build it replaced (cli/build/staging.ts). A baseline that is missing, holds no page, or is
 * another site's build is refused with what to do; "another site" means no page in common, or (when
 * both sides say) a different SITE_URL. Any content change keeps the origin and most pages, so a
 * release that renames, adds or removes pages is still reviewed.
 */
export async function openSides(client: string, dist: string, baselineDir?: string): Promise<Sides> {
  const site = await openSide(client)
  if (!site.pages.includes('/')) throw siteError(ERRORS.ReviewNoSite, { dir: shown(client) })
  const dir = baselineDir ? path.resolve(baselineDir) : path.join(dist, BASELINE)
  if (!(await isDir(dir))) throw siteError(ERRORS.BaselineMissing, { dir: shown(dir), given: !!baselineDir })
  const inner = path.join(dir, 'client')
  const baseline = await openSide((await isDir(inner)) ? inner : dir)
  if (baseline.pages.length === 0) throw siteError(ERRORS.BaselineEmpty, { dir: shown(dir) })
  const paired = matchPages(baseline.pages, site.pages)
  const foreign = foreignReason(baseline, site, paired.common.length)
  if (foreign) throw siteError(ERRORS.BaselineForeign, { dir: shown(dir), reason: foreign })
  return { baseline, site, ...paired }
}

async function openSide(client: string): Promise<Side> {
  const pages = (await isDir(client)) ? await sitePages(client) : []
  return { client, pages, info: await readBuildInfo(client) }
}

/** Why the baseline cannot be this site's, or undefined when it can. */
function foreignReason(baseline: Side, site: Side, common: number): string | undefined {
  if (common === 0)
    return `it has none of this site's ${site.pages.length} pages (its ${baseline.pages.length} start with ${baseline.pages.slice(0, 3).join(', ')})`
  const before = baseline.info?.config.siteUrl
  const after = site.info?.config.siteUrl
  if (before && after && before !== after) return `it was built for ${before}, this site for ${after}`
  return undefined
}
