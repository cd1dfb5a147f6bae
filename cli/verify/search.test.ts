import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The search itself (a product found first by its name) is tested with a real index in
// cli/search/search.test.ts; this file holds which files verify requires before it searches.

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** verify/search.ts loaded fresh, so its list of required files is made while the test runs. */
async function verifySearch(...args: Parameters<typeof import('./search.ts').verifySearch>) {
  vi.resetModules()
  return (await import('./search.ts')).verifySearch(...args)
}

describe('site verify: the search index', () => {
  it('names each file the search dialog loads first that the build lacks', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'site-verify-search-'))
    dirs.push(client)
    await mkdir(path.join(client, 'pagefind'))
    await writeFile(path.join(client, 'pagefind/pagefind.js'), '')
    expect(await verifySearch(client, [{ slug: 'ring', name: 'Ring Convertor' }])).toEqual(
      ['pagefind/pagefind-entry.json', 'pagefind/words.json'].map((file) => ({
        page: '/pagefind/',
        file,
        message: 'the search index is missing; `site build` writes it after the pre-render',
      })),
    )
  })
})
