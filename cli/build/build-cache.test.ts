import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { copyPages, restoreBundle } from './build-cache.ts'
import { paintFirstSite } from './paint-first.ts'

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-build-cache-'))
  dirs.push(dir)
  return dir
}

/** A page Vike would write: its entry module and a preload, which paint-first.ts rewrites. */
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><link rel="modulepreload" href="/assets/chunks/react.js"></head><body><h1>${title}</h1><script src="/assets/entries/entry.js" type="module" async></script></body></html>`

describe('copyPages', () => {
  it('takes the last build’s pages over byte for byte, into folders it makes, and skips a page that build lacks', async () => {
    const root = await tempDir()
    const previous = path.join(root, 'previous')
    const client = path.join(root, 'client')
    await mkdir(path.join(previous, 'products', 'plug'), { recursive: true })
    await writeFile(path.join(previous, 'products', 'plug', 'index.html'), page('Plug'))
    await writeFile(path.join(previous, 'products', 'plug', 'index.pageContext.json'), '{"plug":1}')
    await mkdir(client)
    await copyPages(previous, client, [
      'products/plug/index.html',
      'products/plug/index.pageContext.json',
      'products/gone/index.html',
    ])
    expect(await readFile(path.join(client, 'products', 'plug', 'index.html'), 'utf8')).toBe(page('Plug'))
    expect(await readFile(path.join(client, 'products', 'plug', 'index.pageContext.json'), 'utf8')).toBe(
      '{"plug":1}',
    )
    await expect(stat(path.join(client, 'products', 'gone', 'index.html'))).rejects.toThrow()
    // Linked, not copied: one file on disk (the same file system here).
    const inode = async (dir: string) => (await stat(path.join(dir, 'products', 'plug', 'index.html'))).ino
    expect(await inode(client)).toBe(await inode(previous))
  })

  it('leaves the last build’s page as it was when this build rewrites the one it took over', async () => {
    const root = await tempDir()
    const previous = path.join(root, 'previous')
    const client = path.join(root, 'client')
    await mkdir(previous)
    await mkdir(client)
    await writeFile(path.join(previous, 'index.html'), page('Home'))
    await copyPages(previous, client, ['index.html'])
    expect(await paintFirstSite(client)).toBe(1)
    expect(await readFile(path.join(client, 'index.html'), 'utf8')).not.toBe(page('Home'))
    expect(await readFile(path.join(previous, 'index.html'), 'utf8')).toBe(page('Home'))
  })

  it('replaces a file already in the way rather than failing', async () => {
    const root = await tempDir()
    await mkdir(path.join(root, 'previous'))
    await mkdir(path.join(root, 'client'))
    await writeFile(path.join(root, 'previous', 'index.html'), page('New'))
    await writeFile(path.join(root, 'client', 'index.html'), page('Stale'))
    await copyPages(path.join(root, 'previous'), path.join(root, 'client'), ['index.html'])
    expect(await readFile(path.join(root, 'client', 'index.html'), 'utf8')).toBe(page('New'))
  })
})

describe('restoreBundle', () => {
  it('puts the kept bundle’s assets and a copy of public/ beside the pages, which stay as the render wrote them', async () => {
    const root = await tempDir()
    const bundle = path.join(root, 'bundle')
    const publicDir = path.join(root, 'public')
    const staging = { root: path.join(root, 'staging'), client: path.join(root, 'staging', 'client') }
    await mkdir(path.join(bundle, 'assets', 'entries'), { recursive: true })
    await writeFile(path.join(bundle, 'assets', 'entries', 'entry.js'), 'export {}')
    await writeFile(path.join(bundle, 'assets.json'), '{}')
    await mkdir(path.join(publicDir, 'media'), { recursive: true })
    await writeFile(path.join(publicDir, 'media', 'plug.webp'), 'image')
    // A file of public/ at a page's path: the page wins, as in Vike's build.
    await mkdir(path.join(publicDir, 'products', 'plug'), { recursive: true })
    await writeFile(path.join(publicDir, 'products', 'plug', 'index.html'), 'from public/')
    await mkdir(path.join(staging.client, 'products', 'plug'), { recursive: true })
    await writeFile(path.join(staging.client, 'products', 'plug', 'index.html'), page('Plug'))

    await restoreBundle(bundle, staging, publicDir)
    const read = (...parts: string[]) => readFile(path.join(staging.client, ...parts), 'utf8')
    expect(await read('products', 'plug', 'index.html')).toBe(page('Plug'))
    expect(await read('media', 'plug.webp')).toBe('image')
    expect(await read('assets', 'entries', 'entry.js')).toBe('export {}')
    expect(await readFile(path.join(staging.root, 'assets.json'), 'utf8')).toBe('{}')
  })
})
