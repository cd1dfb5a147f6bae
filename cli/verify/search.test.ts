import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { verifySearch } from './search.ts'

// The search itself (a product found first by its name) is tested with a real index in
// cli/search/search.test.ts; this file holds which files verify requires before it searches.

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** A client folder with the three files the search dialog loads first (empty: the index is stood in). */
async function clientWithIndexFiles(): Promise<string> {
  const client = await mkdtemp(path.join(tmpdir(), 'site-verify-search-'))
  dirs.push(client)
  await mkdir(path.join(client, 'pagefind'))
  for (const file of ['pagefind.js', 'pagefind-entry.json', 'words.json'])
    await writeFile(path.join(client, 'pagefind', file), '')
  return client
}

describe('site verify: the search index', () => {
  afterEach(() => vi.doUnmock('../search/query.ts'))

  it('closes the index it opened, also when a search fails', async () => {
    const client = await clientWithIndexFiles()
    const close = vi.fn(async () => {})
    let fail = false
    vi.doMock('../search/query.ts', () => ({
      fromDir: () => async () => undefined,
      openIndex: async () => ({
        search: async () => {
          if (fail) throw new Error('the index is damaged')
          return [{ url: '/products/ring', title: 'Ring Convertor' }]
        },
        close,
      }),
    }))
    // search.ts imports query.ts statically, so the stand-in reaches only a copy loaded after it.
    vi.resetModules()
    const { verifySearch: verifyWithStandIn } = await import('./search.ts')
    expect(await verifyWithStandIn(client, [{ slug: 'ring', name: 'Ring Convertor' }])).toEqual({
      failures: [],
      warnings: [],
    })
    expect(close).toHaveBeenCalledTimes(1)
    fail = true
    await expect(verifyWithStandIn(client, [{ slug: 'ring', name: 'Ring Convertor' }])).rejects.toThrow(
      'the index is damaged',
    )
    expect(close).toHaveBeenCalledTimes(2)
  })

  it('names each file the search dialog loads first that the build lacks', async () => {
    const client = await mkdtemp(path.join(tmpdir(), 'site-verify-search-'))
    dirs.push(client)
    await mkdir(path.join(client, 'pagefind'))
    await writeFile(path.join(client, 'pagefind/pagefind.js'), '')
    expect((await verifySearch(client, [{ slug: 'ring', name: 'Ring Convertor' }])).failures).toEqual(
      ['pagefind/pagefind-entry.json', 'pagefind/words.json'].map((file) => ({
        page: '/pagefind/',
        file,
        message: 'the search index is missing; `site build` writes it after the pre-render',
      })),
    )
  })
})
