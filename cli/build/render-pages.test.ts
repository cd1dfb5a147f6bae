import { execFile } from 'node:child_process'
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderFrom } from '../../model/context.ts'
import { copyProject, shellEnv } from '../../tests/project-copy.ts'
import { renderPages } from './render-pages.ts'

/**
 * Pages rendered from a kept bundle through Vike's server runtime. That they are the bytes Vike's own
 * pre-render writes is held by incremental.test.ts (every file of a build that rendered this way
 * against a full build); this file holds what a process that renders from more than one bundle needs,
 * with the real Vike and a real bundle of this project.
 */
const run = promisify(execFile)
let root = ''
/** The bundle a build of the copy kept, and a second one that differs from it in one sentence. */
let first = ''
let second = ''
const SENTENCE = 'Office timings'

beforeAll(async () => {
  root = await copyProject('site-render-pages-')
  await run(process.execPath, ['bin/site.js', 'build', '--offline'], { cwd: root, env: shellEnv() })
  const bundles = path.join(root, '.cache/build/bundles')
  const [key] = await readdir(bundles)
  if (!key) throw new Error('the build kept no bundle')
  first = path.join(bundles, key, 'server')
  // Another site's bundle: the same code with the contact page's sentence changed.
  second = path.join(root, '.cache/other-bundle/server')
  await cp(first, second, { recursive: true })
  let changed = 0
  for (const entry of await readdir(second, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (!entry.isFile() || !file.endsWith('js')) continue
    const code = await readFile(file, 'utf8')
    if (!code.includes(SENTENCE)) continue
    await writeFile(file, code.replaceAll(SENTENCE, 'Hours elsewhere'))
    changed++
  }
  if (!changed) throw new Error(`no server chunk holds "${SENTENCE}"`)
  renderFrom({ root, drafts: false })
}, 300_000)

afterAll(async () => {
  renderFrom(undefined)
  await rm(root, { recursive: true, force: true })
})

const page = (client: string, file: string) => readFile(path.join(client, file), 'utf8')

describe('renderPages', () => {
  it('writes each route’s page and data where Vike’s pre-render does, and the not-found page', async () => {
    const client = path.join(root, 'out-routes')
    const count = await renderPages(first, client, ['/', '/contactinformations', '/customercare.html'])
    expect(count).toBe(4)
    const files = (await readdir(client, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(client, path.join(e.parentPath, e.name)))
      .sort()
    expect(files).toEqual([
      '404.html',
      'contactinformations/index.html',
      'contactinformations/index.pageContext.json',
      'customercare.html/index.html',
      'customercare.html/index.pageContext.json',
      'index.html',
      'index.pageContext.json',
    ])
    // What the last build wrote for the same page, before paint-first moved its scripts: the same text.
    expect(await page(client, 'contactinformations/index.html')).toContain(SENTENCE)
    expect(JSON.parse(await page(client, 'contactinformations/index.pageContext.json'))).toBeTypeOf('object')
  }, 60_000)

  it('renders each bundle’s own pages when one process renders from two, and from the first again', async () => {
    const [a, b, again] = ['out-a', 'out-b', 'out-a-again'].map((name) => path.join(root, name)) as [
      string,
      string,
      string,
    ]
    await renderPages(first, a, ['/contactinformations'])
    await renderPages(second, b, ['/contactinformations'])
    await renderPages(first, again, ['/contactinformations'])
    const file = 'contactinformations/index.html'
    expect(await page(a, file)).toContain(SENTENCE)
    expect(await page(b, file)).toContain('Hours elsewhere')
    expect(await page(b, file)).not.toContain(SENTENCE)
    expect(await page(again, file)).toBe(await page(a, file))
  }, 60_000)

  it('fails naming a route that does not render, instead of writing Vike’s error page as it', async () => {
    const client = path.join(root, 'out-missing')
    await expect(renderPages(first, client, ['/no-such-page'])).rejects.toThrow(
      '/no-such-page did not render: Vike answered 404 instead of 200',
    )
  }, 60_000)
})
