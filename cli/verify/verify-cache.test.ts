import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { BuildConfig } from '../../model/config.ts'
import { testBuildConfig } from '../../tests/build-config.ts'
import type { PageVerdict } from './verify.ts'
import { openVerifyCache } from './verify-cache.ts'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

const config: BuildConfig = testBuildConfig('https://www.example.test')
const verdict: PageVerdict = {
  messages: [],
  row: { route: '/', htmlBytes: 10, jsGzipBytes: 0, jsBudget: 1 },
  canonical: 'https://www.example.test/',
  noindex: false,
}

describe('openVerifyCache', () => {
  it('trusts a verdict whether or not the search index and the data files are there yet, and not once the site has another file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'site-verify-cache-'))
    dirs.push(root)
    const client = path.join(root, 'client')
    await mkdir(path.join(client, 'assets', 'data'), { recursive: true })
    await writeFile(path.join(client, 'index.html'), '<h1>Home</h1>')
    await writeFile(path.join(client, 'assets', 'data', 'catalogue-1.json'), '[]')
    const first = await openVerifyCache(root, client, config, 'tool')
    first.set('<h1>Home</h1>', verdict)
    await first.save()

    // A full build verifies after the search stage has written pagefind/; the next build beside it.
    await mkdir(path.join(client, 'pagefind', 'fragment'), { recursive: true })
    await writeFile(path.join(client, 'pagefind', 'fragment', 'en_1.pf_fragment'), 'x')
    await rm(path.join(client, 'assets', 'data', 'catalogue-1.json'))
    await writeFile(path.join(client, 'assets', 'data', 'catalogue-2.json'), '[]')
    const second = await openVerifyCache(root, client, config, 'tool')
    expect(second.get('<h1>Home</h1>')).toEqual(verdict)
    await second.save()

    // A file a page could name appears: what the page's links resolve to may have changed.
    await writeFile(path.join(client, 'new.html'), '<h1>New</h1>')
    expect((await openVerifyCache(root, client, config, 'tool')).get('<h1>Home</h1>')).toBeUndefined()
  })
})
