import { cp, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteError } from '../../lib/errors.ts'
import { type Content, loadContent } from '../../model/content/load.ts'
import { manifestFile } from '../../model/images.ts'
import { projectPaths } from '../../model/paths.ts'
import { collectImages } from './collect.ts'
import { cacheKey, DEFAULT_SETTINGS, encodeImage, SourceError } from './encode.ts'
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
  vi.restoreAllMocks()
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** The content with every image it names (p/a.svg, p/b.svg) replaced by `ref`: one source, a quick run. */
const onlyImage = (c: Content, ref: string): Content =>
  JSON.parse(JSON.stringify(c).replace(/"p\/[ab]\.svg"/g, JSON.stringify(ref)))

/** A flat PNG `width` px wide at `into`. */
const flat = (width: number, into: string) =>
  sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: '#123456' } })
    .png()
    .toFile(into)

describe('width ladders', () => {
  it('picks the ladder from the field name', () => {
    expect(slotOf('/headerImage')).toBe('header')
    expect(slotOf('/homeImage')).toBe('hero')
    expect(slotOf('/hero/image')).toBe('hero')
    expect(slotOf('/partners/1/logo')).toBe('logo')
    expect(slotOf('/installation/0/imageMobile')).toBe('mobile')
    expect(slotOf('/catalog/2/image')).toBe('content')
    expect(slotOf('/heroImage')).toBe('hero')
  })

  it('gives an image in a list the slot of the list, and takes only whole numbers for list indexes', () => {
    expect(slotOf('/slidesMobile/12')).toBe('mobile')
    expect(slotOf('/blocks/0/imageMobile2')).toBe('mobile')
    expect(slotOf('/blocks/0/2xMobile')).toBe('mobile')
  })

  it('never upscales a raster source and keeps every width for vectors', () => {
    expect(widthsFor(LADDERS.hero, 1000, false)).toEqual([480, 800])
    expect(widthsFor(LADDERS.hero, 300, false)).toEqual([300])
    expect(widthsFor(LADDERS.hero, 300, true)).toEqual([480, 800, 1200, 1600])
  })

  it('keeps a width the source has exactly, and gives the widths once each, smallest first', () => {
    expect(widthsFor(LADDERS.hero, 800, false)).toEqual([480, 800])
    expect(widthsFor([1200, 480, 800, 480], 2000, true)).toEqual([480, 800, 1200])
  })
})

describe('which images the content uses', () => {
  it('lists each image once, by path, with every place it is used and the widths of all its slots', async () => {
    const { content } = await project()
    const c = await content()
    const [alpha] = c.products
    if (!alpha) throw new Error('the fixture has a product')
    const sources = collectImages({ ...c, products: [{ ...alpha, headerImage: 'p/z.jpg' }] })
    expect(sources.map((s) => [s.ref, s.slots, s.ladder])).toEqual([
      ['p/a.svg', ['hero', 'content'], [400, 480, 800, 1200, 1600]],
      ['p/b.svg', ['mobile'], [400, 800]],
      ['p/z.jpg', ['header'], [160, 320, 640]],
    ])
    expect(sources[2]?.uses).toEqual([{ file: 'content/products/alpha.yaml', pointer: '/headerImage' }])
    expect(sources[1]?.uses).toEqual([
      { file: 'content/products/alpha.yaml', pointer: '/mobileHomeImage' },
      { file: 'content/pages/space.yaml', pointer: '/blocks/0/imageMobile' },
      { file: 'content/pages/railways.yaml', pointer: '/blocks/0/imageMobile' },
    ])
  })

  it('takes only a whole value that is a path under content/images, not a link or words ending in a file name', async () => {
    const { content } = await project()
    const c = await content()
    const [alpha] = c.products
    if (!alpha) throw new Error('the fixture has a product')
    const texts = {
      ...alpha,
      description: 'https://example.test/pictures/photo.png',
      subText: 'wiring.png shows the wiring',
    }
    expect(collectImages({ ...c, products: [texts] }).map((s) => s.ref)).toEqual(['p/a.svg', 'p/b.svg'])
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
    // p/b.svg (two widths) is done before p/a.svg (eight): the manifest still lists them by path.
    expect(Object.keys(JSON.parse(await readFile(manifestFile(paths), 'utf8')))).toEqual([
      'p/a.svg',
      'p/b.svg',
    ])
    // Encodes and manifest all in .cache/images, the one folder CI keeps between runs.
    const cached = (await readdir(paths.cache, { recursive: true })).filter((f) => f.endsWith('.webp'))
    expect(cached.length).toBeGreaterThan(0)
    expect(cached.filter((f) => !f.startsWith(`images${path.sep}`))).toEqual([])
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

  it('says why a source cannot be read and what to do', async () => {
    const { paths, content } = await project()
    await writeFile(path.join(paths.images, 'p', 'b.svg'), 'this is not an image')
    const error = (await runImages(onlyImage(await content(), 'p/b.svg'), paths, { progress: false }).catch(
      (e: unknown) => e,
    )) as SiteError
    expect(error.problems[0]?.message).toMatch(/^The image "p\/b\.svg" cannot be read: \S.*\.$/)
    expect(error.problems[0]?.hint).toBe(
      'open it in an image editor and save it again as a valid SVG, PNG or JPEG (a file cut short by a failed copy looks like this).',
    )
  })

  it("gives each of many sources that cannot be encoded, encoded side by side, its own decoder's reason", async () => {
    // Headers that decode, bodies cut short: PNGs (libpng's words) and JPEGs (libjpeg's), each cut at
    // its own length so that none shares another's cache folder. Side by side, before a failed encode
    // ran again alone, half of such reasons held the other kind's words (cli/images/vips-turns.ts).
    const { paths } = await project()
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#345' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="800" height="600"><circle cx="300" cy="300" r="200" fill="red"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
    const jpg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#543' } })
      .jpeg()
      .toBuffer()
    const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
    const told = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const [kind, bytes] = i % 2 ? (['jpg', jpg] as const) : (['png', png] as const)
        const ref = `p/cut-${i}.${kind}`
        await writeFile(path.join(paths.images, ref), bytes.subarray(0, Math.floor(bytes.length * 0.5) + i))
        const error = await encodeImage(
          { ref, ladder: [160, 320], slots: [], uses: [] },
          folders,
          DEFAULT_SETTINGS,
        )
          .then(() => undefined)
          .catch((e: unknown) => e)
        expect(error).toBeInstanceOf(SourceError)
        return `${kind}: ${(error as SourceError).message}`
      }),
    )
    const own = (line: string) =>
      line.startsWith('png') ? /png/.test(line) && !/JPEG/.test(line) : /JPEG/.test(line) && !/png/.test(line)
    expect(told.filter((line) => !own(line))).toEqual([])
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
    expect(error.problems[0]?.hint).toBe('export it at 1600 px wide or more, or use an SVG.')
  })

  it('names a missing source, says how many images failed and builds nothing else', async () => {
    const { paths, content } = await project()
    const c = await content()
    const missing = { ...c, home: { ...c.home, hero: { ...c.home.hero, image: 'p/nope.png' } } }
    const error = (await runImages(missing, paths, { progress: false }).catch((e: unknown) => e)) as SiteError
    expect(error.problems.map((p) => `${p.file} ${p.path} ${p.code}`)).toEqual([
      'content/pages/home.yaml /hero/image missing-image',
    ])
    expect([error.code, error.message, error.hint]).toEqual([
      'images-invalid',
      '1 of 3 images could not be made.',
      'fix the image files or the paths named above.',
    ])
    expect([error.problems[0]?.message, error.problems[0]?.hint]).toEqual([
      'The image "p/nope.png" does not exist in content/images/.',
      'add the file content/images/p/nope.png, or correct the path.',
    ])
  })

  it('lists the failures of one file in line order', async () => {
    const { paths, content } = await project()
    const [alpha, ...rest] = (await content()).products
    if (!alpha) throw new Error('the fixture has a product')
    const broken = { ...alpha, headerImage: 'p/x.png', featureImage: 'p/w.png', mobileHomeImage: 'p/y.png' }
    const c = { ...(await content()), products: [broken, ...rest] }
    const error = (await runImages(onlyImage(c, 'p/nope.png'), paths, { progress: false }).catch(
      (e: unknown) => e,
    )) as SiteError
    expect(error.problems.filter((p) => p.file.includes('alpha')).map((p) => `${p.line} ${p.path}`)).toEqual([
      '6 /headerImage',
      '7 /homeImage',
      '8 /mobileHomeImage',
      '14 /featureImage',
    ])
  })

  it('writes AVIF files with --avif', async () => {
    const { paths, content } = await project()
    await flat(160, path.join(paths.images, 'p', 't.png'))
    const summary = await runImages(onlyImage(await content(), 'p/t.png'), paths, {
      progress: false,
      avif: true,
    })
    expect(summary.manifest['p/t.png']?.formats).toEqual(['webp', 'avif'])
    expect(await readdir(path.join(paths.media, 'p'))).toContain('t-160.avif')
  })

  it('reports a failure of the disk as itself, not as a broken image', async () => {
    const { paths, content } = await project()
    await flat(160, path.join(paths.images, 'p', 't.png'))
    await writeFile(paths.media, 'a file where the media folder should be')
    const error = await runImages(onlyImage(await content(), 'p/t.png'), paths, { progress: false }).catch(
      (e: unknown) => e,
    )
    expect(error).not.toBeInstanceOf(SiteError)
    expect((error as NodeJS.ErrnoException).code).toMatch(/^(ENOTDIR|EEXIST)$/)
  })

  it('shows the progress bar on a terminal unless told not to, one step per image', async () => {
    const { paths, content } = await project()
    await flat(160, path.join(paths.images, 'p', 't.png'))
    const c = onlyImage(await content(), 'p/t.png')
    const written: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk))
      return true
    })
    const isTTY = process.stderr.isTTY
    Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true, writable: true })
    try {
      await runImages(c, paths)
      await runImages(c, paths, { progress: false })
    } finally {
      Object.defineProperty(process.stderr, 'isTTY', { value: isTTY, configurable: true, writable: true })
    }
    expect(written.map((w) => w.trim())).toEqual(['[########################] 1/1 p/t.png', '\x1b[2K'])
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

  it('takes an unchanged source from the cache and leaves the files in place untouched', async () => {
    const { paths } = await project()
    const source = { ref: 'p/b.svg', ladder: [160], slots: [], uses: [] }
    const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
    await encodeImage(source, folders, DEFAULT_SETTINGS)
    const file = path.join(paths.media, 'p', 'b-160.webp')
    const then = new Date('2001-01-01T00:00:00Z')
    await utimes(file, then, then)
    expect(await encodeImage(source, folders, DEFAULT_SETTINGS)).toMatchObject({ encoded: false })
    expect((await stat(file)).mtime).toEqual(then)
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

    it('scales a raster down to each width of its ladder', async () => {
      const { paths } = await project()
      await flat(1000, path.join(paths.images, 'p', 'wide.png'))
      const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
      await encodeImage(
        { ref: 'p/wide.png', ladder: [160, 320], slots: [], uses: [] },
        folders,
        DEFAULT_SETTINGS,
      )
      const widths = await Promise.all(
        ['wide-160', 'wide-320', 'wide'].map(
          async (n) => (await sharp(path.join(paths.media, 'p', `${n}.webp`)).metadata()).width,
        ),
      )
      expect(widths).toEqual([160, 320, 320])
    })

    it('encodes AVIF at the quality it is given', async () => {
      const { paths } = await project()
      const noise = Buffer.alloc(120 * 90 * 3)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251
      await sharp(noise, { raw: { width: 120, height: 90, channels: 3 } })
        .png()
        .toFile(path.join(paths.images, 'p', 'noise.png'))
      const folders = { images: paths.images, media: paths.media, cache: path.join(paths.cache, 'images') }
      const source = { ref: 'p/noise.png', ladder: [120], slots: [], uses: [] }
      const size = async (quality: number) => {
        await encodeImage(source, folders, { ...DEFAULT_SETTINGS, quality, avif: true })
        return (await stat(path.join(paths.media, 'p', 'noise-120.avif'))).size
      }
      expect(await size(30)).toBeLessThan((await size(95)) / 2)
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
