import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { SiteError } from '../../lib/errors.ts'
import { projectPaths } from '../../model/paths.ts'
import type { Camera } from './capture.ts'
import { runReview } from './review.ts'

/**
 * A review whose page cannot be shot. The camera is the real one, except that one route fails as a
 * crashed tab fails (Chromium gives a page no way to crash its own renderer on cue, and
 * cli/review/capture.test.ts shows the camera's own second try). What is checked here is what the
 * review does then: the error it stops with, and that it stops.
 */
const BROKEN = '/c'
/** Every route the camera began to shoot. */
const begun: string[] = []

vi.mock('./capture.ts', async (original) => {
  const real = await original<typeof import('./capture.ts')>()
  return {
    ...real,
    openCamera: (...args: Parameters<typeof real.openCamera>): Camera => {
      const camera = real.openCamera(...args)
      return {
        close: () => camera.close(),
        async shoot(side, route, widths, warn) {
          begun.push(route)
          if (route !== BROKEN) return camera.shoot(side, route, widths, warn)
          throw new Error('page.goto: Page crashed\nCall log:\n  - navigating to "…", waiting until "load"')
        },
      }
    },
  }
})

let root = ''
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-review-failure-'))
  begun.length = 0
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

/** A built site in `client`: small pages that settle at once (the review waits for a page view). */
async function site(client: string, routes: readonly string[]) {
  for (const route of routes) {
    const file = path.join(client, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(
      file,
      `<!doctype html><html><head><meta charset="utf-8"><title>${route}</title><script>window.dataLayer = [{ event: 'page_view' }]</script></head><body><h1>${route}</h1></body></html>`,
    )
  }
}

it('stops at a page it cannot shoot, naming the page, the side and why, and begins no page after it', async () => {
  const routes = ['/', '/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h']
  const dist = path.join(root, 'dist')
  await site(path.join(dist, 'client'), routes)
  await site(path.join(root, 'baseline'), routes)
  const paths = {
    ...projectPaths(),
    dist,
    client: path.join(dist, 'client'),
    cache: path.join(root, 'cache'),
  }
  const said: string[] = []
  const error = await runReview(paths, {
    baseline: path.join(root, 'baseline'),
    out: path.join(root, 'review'),
    widths: [360],
    log: () => {},
    warn: (line) => said.push(line),
  }).catch((e: unknown) => e)

  expect(error).toBeInstanceOf(SiteError)
  expect((error as SiteError).code).toBe('review-page-failed')
  // The first line of what went wrong, not Playwright's call log.
  expect((error as SiteError).message).toBe(
    'site review could not shoot /c of the new site: page.goto: Page crashed',
  )
  // Routes are taken in order, three at a time: the review stopped at /c. The pages shot beside it
  // were abandoned as the browser closed, without a "shot again" for either.
  expect(begun.slice(0, 4)).toEqual(['/', '/a', '/b', '/c'])
  expect(begun).not.toContain('/h')
  expect(said).toEqual([])
  // No report for a review that did not finish.
  expect(await readdir(path.join(root, 'review'))).toEqual(['images'])
}, 60_000)
