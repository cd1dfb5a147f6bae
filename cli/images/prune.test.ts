import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { pruneMedia } from './prune.ts'

let client = ''
afterEach(() => rm(client, { recursive: true, force: true }))

describe('pruneMedia', () => {
  it("keeps every file the build's images name and removes the rest (a draft's, an unused one's)", async () => {
    client = await mkdtemp(path.join(tmpdir(), 'site-prune-'))
    const files = [
      'Header/alpha-320.webp',
      'Header/alpha-640.webp',
      'Header/alpha.webp',
      'Header/alpha-320.avif',
      'Header/alpha-640.avif',
      'Header/alpha.avif',
      'Header/draft-320.webp',
      'Header/draft.webp',
      'old/renamed-320.webp',
    ]
    for (const file of files) {
      await mkdir(path.dirname(path.join(client, 'media', file)), { recursive: true })
      await writeFile(path.join(client, 'media', file), file)
    }
    await writeFile(path.join(client, 'index.html'), 'page')
    const removed = await pruneMedia(client, {
      'Header/alpha.svg': { width: 640, height: 480, widths: [320, 640], formats: ['webp', 'avif'] },
    })
    expect(removed).toBe(3)
    expect((await readdir(path.join(client, 'media'), { recursive: true })).sort()).toEqual([
      'Header',
      'Header/alpha-320.avif',
      'Header/alpha-320.webp',
      'Header/alpha-640.avif',
      'Header/alpha-640.webp',
      'Header/alpha.avif',
      'Header/alpha.webp',
      'old',
    ])
    expect(await readdir(client)).toContain('index.html')
  })
})
