import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteError } from '../../lib/errors.ts'
import { loadContent } from '../../renderer/content/load.ts'
import { projectPaths } from '../../renderer/paths.ts'
import { cacheKey, DEFAULT_SETTINGS, encodeImage } from './encode.ts'
import { LADDERS, slotOf, widthsFor } from './ladders.ts'
import { runImages, summaryLine } from './run.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

async function project() {
  const root = await mkdtemp(path.join(tmpdir(), 'site-images-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  const paths = projectPaths(root)
  return { root, paths, content: () => loadContent(paths.content) }
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('width ladders', () => {
  it('picks the ladder from the field name', () => {
    expect(slotOf('/headerImage')).toBe('header')
    expect(slotOf('/homeImage')).toBe('hero')
    expect(slotOf('/hero/image')).toBe('hero')
    expect(slotOf('/partners/1/logo')).toBe('logo')
    expect(slotOf('/installation/0/imageMobile')).toBe('mobile')
    expect(slotOf('/catalog/2/image')).toBe('content')
  })

  it('never upscales a raster source and keeps every width for vectors', () => {
    expect(widthsFor(LADDERS.hero, 1000, false)).toEqual([480, 800])
    expect(widthsFor(LADDERS.hero, 300, false)).toEqual([300])
    expect(widthsFor(LADDERS.hero, 300, true)).toEqual([480, 800, 1200, 1600])
  })
})

describe('site images', () => {
  it('encodes every referenced image at its ladder, then serves a warm run from the cache', async () => {
    const { paths, content } = await project()
    const cold = await runImages(await content(), paths, { progress: false })
    expect(cold).toMatchObject({ total: 2, encoded: 2, cached: 0 })
    // p/a.svg is a header, a hero and a content image: it gets the union of those ladders.
    expect(cold.manifest['p/a.svg']?.widths).toEqual([160, 320, 400, 480, 640, 800, 1200, 1600])
    expect(cold.manifest['p/a.svg']).toMatchObject({ width: 1600, height: 1200, formats: ['webp'] })
    const files = await readdir(path.join(paths.media, 'p'))
    expect(files).toContain('a-1600.webp')
    expect(files).toContain('a.webp')
    const meta = await sharp(path.join(paths.media, 'p', 'a-800.webp')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600])

    const warm = await runImages(await content(), paths, { progress: false })
    expect(warm).toMatchObject({ total: 2, encoded: 0, cached: 2 })
    expect(summaryLine(warm)).toMatch(/^2 images: 0 encoded, 2 cached, [\d.]+ (B|KB) → [\d.]+ (B|KB|MB)$/)
  })

  it('re-encodes only the source that changed, and everything with --force', async () => {
    const { paths, content } = await project()
    await runImages(await content(), paths, { progress: false })
    const b = path.join(paths.images, 'p', 'b.svg')
    await writeFile(b, (await readFile(b, 'utf8')).replace('#00a6a6', '#f59e0b'))
    expect(await runImages(await content(), paths, { progress: false })).toMatchObject({
      encoded: 1,
      cached: 1,
    })
    expect(await runImages(await content(), paths, { progress: false, force: true })).toMatchObject({
      encoded: 2,
      cached: 0,
    })
  })

  it('names the content file and field of an unreadable source', async () => {
    const { paths, content } = await project()
    await writeFile(path.join(paths.images, 'p', 'b.svg'), 'this is not an image')
    const error = await runImages(await content(), paths, { progress: false }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SiteError)
    const problems = (error as SiteError).problems.map(
      (p) => `${p.file}:${p.line}:${p.col} ${p.path} ${p.code}`,
    )
    expect(problems).toEqual([
      'content/pages/railways.yaml:11:18 /blocks/0/imageMobile unreadable-image',
      'content/pages/space.yaml:11:18 /blocks/0/imageMobile unreadable-image',
      'content/products/alpha.yaml:8:18 /mobileHomeImage unreadable-image',
    ])
  })

  it('rejects a raster source narrower than its slot needs', async () => {
    const { paths, content } = await project()
    const c = await content()
    await sharp({ create: { width: 200, height: 150, channels: 3, background: '#123456' } })
      .png()
      .toFile(path.join(paths.images, 'p', 'small.png'))
    const small = { ...c, home: { ...c.home, hero: { ...c.home.hero, image: 'p/small.png' } } }
    const error = (await runImages(small, paths, { progress: false }).catch((e: unknown) => e)) as SiteError
    expect(error.problems.map((p) => [p.path, p.code, p.message])).toEqual([
      [
        '/hero/image',
        'image-too-small',
        'The image "p/small.png" is 200 px wide; this slot needs at least 480 px.',
      ],
    ])
  })

  it('names a missing source', async () => {
    const { paths, content } = await project()
    const c = await content()
    const missing = { ...c, home: { ...c.home, hero: { ...c.home.hero, image: 'p/nope.png' } } }
    const error = (await runImages(missing, paths, { progress: false }).catch((e: unknown) => e)) as SiteError
    expect(error.problems.map((p) => `${p.file} ${p.path} ${p.code}`)).toEqual([
      'content/pages/home.yaml /hero/image missing-image',
    ])
  })
})

describe('the image cache', () => {
  it('writes AVIF files when --avif follows a run without it', async () => {
    const { paths } = await project()
    // One source at two small widths: AVIF encodes are slow, and the cache key is what is under test.
    const source = { ref: 'p/b.svg', ladder: [160, 320], slots: [], uses: [] }
    const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
    const plain = await encodeImage(source, folders, DEFAULT_SETTINGS)
    expect(plain).toMatchObject({ encoded: true, entry: { formats: ['webp'] } })
    const avif = await encodeImage(source, folders, { ...DEFAULT_SETTINGS, avif: true })
    expect(avif).toMatchObject({ encoded: true, entry: { formats: ['webp', 'avif'] } })
    const files = await readdir(path.join(paths.media, 'p'))
    expect(files).toContain('b-320.avif')
    expect(files).toContain('b.avif')
  })

  it('puts back a deleted output file from the cache, without encoding', async () => {
    const { paths, content } = await project()
    await runImages(await content(), paths, { progress: false })
    const file = path.join(paths.media, 'p', 'a-800.webp')
    const before = await readFile(file)
    await rm(file)
    expect(await runImages(await content(), paths, { progress: false })).toMatchObject({
      encoded: 0,
      cached: 2,
    })
    expect(await readFile(file)).toEqual(before)
  })

  it('keys each encode on everything that changes its output', () => {
    const bytes = Buffer.from('<svg/>')
    const ladder = [480, 800]
    const versions = { sharp: '0.35.5', vips: '8.18.7', webp: '1.6.0', aom: '3.15.1' }
    const base = cacheKey(bytes, DEFAULT_SETTINGS, ladder, versions)
    const changed = [
      cacheKey(Buffer.from('<svg></svg>'), DEFAULT_SETTINGS, ladder, versions),
      cacheKey(bytes, { ...DEFAULT_SETTINGS, quality: 70 }, ladder, versions),
      cacheKey(bytes, { ...DEFAULT_SETTINGS, effort: 6 }, ladder, versions),
      cacheKey(bytes, { ...DEFAULT_SETTINGS, avif: true }, ladder, versions),
      cacheKey(bytes, DEFAULT_SETTINGS, [480, 800, 1200], versions),
      cacheKey(bytes, DEFAULT_SETTINGS, ladder, { ...versions, sharp: '0.36.0' }),
      cacheKey(bytes, DEFAULT_SETTINGS, ladder, { ...versions, vips: '8.19.0' }),
      cacheKey(bytes, DEFAULT_SETTINGS, ladder, { ...versions, webp: '1.7.0' }),
    ]
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1)
    expect(cacheKey(bytes, DEFAULT_SETTINGS, ladder, versions)).toBe(base)
  })
  describe('what an encode writes', () => {
    const encodeOne = async (ref: string, ladder: number[], settings = DEFAULT_SETTINGS) => {
      const { paths } = await project()
      const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
      return { paths, result: await encodeImage({ ref, ladder, slots: [], uses: [] }, folders, settings) }
    }
    /** A raster source with a sharp black and white edge down its middle. */
    const raster = async (width: number, into: string) => {
      const half = Buffer.alloc(width * 100 * 3, 255)
      for (let y = 0; y < 100; y++) half.fill(0, y * width * 3, (y * width + width / 2) * 3)
      await sharp(half, { raw: { width, height: 100, channels: 3 } })
        .png()
        .toFile(into)
    }

    it('takes a raster exactly as wide as the smallest slot, and never enlarges it', async () => {
      const { paths } = await project()
      await raster(480, path.join(paths.images, 'p', 'exact.png'))
      const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
      const { entry } = await encodeImage(
        { ref: 'p/exact.png', ladder: [480, 800], slots: [], uses: [] },
        folders,
        DEFAULT_SETTINGS,
      )
      expect(entry.widths).toEqual([480])
      const meta = await sharp(path.join(paths.media, 'p', 'exact-480.webp')).metadata()
      expect([meta.width, meta.height]).toEqual([480, 100])
    })

    it('encodes at the quality it is given', async () => {
      const { paths } = await project()
      const noise = Buffer.alloc(400 * 300 * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
      await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
        .png()
        .toFile(path.join(paths.images, 'p', 'noise.png'))
      const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
      const source = { ref: 'p/noise.png', ladder: [400], slots: [], uses: [] }
      const high = await encodeImage(source, folders, { ...DEFAULT_SETTINGS, quality: 95 })
      const low = await encodeImage(source, folders, { ...DEFAULT_SETTINGS, quality: 20 })
      expect(low.outBytes).toBeLessThan(high.outBytes / 2)
    })
  })
})
