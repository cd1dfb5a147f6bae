import { cp, mkdtemp, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { type Content, readContent } from '../../model/content/load.ts'
import { projectPaths } from '../../model/paths.ts'
import { assetProblems } from './asset-checks.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

/** A copy of the valid fixture with the home page's hero image set to `hero` (when given). */
async function project(hero?: string) {
  const root = await mkdtemp(path.join(tmpdir(), 'site-asset-checks-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  const paths = projectPaths(root)
  if (hero) {
    const file = path.join(paths.content, 'pages/home.yaml')
    await writeFile(file, (await readFile(file, 'utf8')).replace('  image: p/a.svg', `  image: ${hero}`))
  }
  /** The asset problems of the project as it is now (read once, as validate reads it), `edit` applied. */
  const problems = async (edit: (content: Content) => Content = (c) => c) => {
    const report = await readContent(paths.content, paths.root)
    if (!report.content) throw new Error(`the fixture has problems: ${JSON.stringify(report.problems)}`)
    return (await assetProblems(edit(report.content), paths, report.sources)).problems
  }
  /** The asset warnings of the project as it is now. */
  const warnings = async () => {
    const report = await readContent(paths.content, paths.root)
    if (!report.content) throw new Error(`the fixture has problems: ${JSON.stringify(report.problems)}`)
    return (await assetProblems(report.content, paths, report.sources)).warnings
  }
  return { paths, problems, warnings }
}

/** A flat PNG `width` px wide. */
const png = (width: number, into: string) =>
  sharp({ create: { width, height: 100, channels: 3, background: '#123456' } })
    .png()
    .toFile(into)

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('what site validate checks for the build', () => {
  it('refuses a raster narrower than its slot, at the field, with the width to export it at', async () => {
    const { paths, problems: assets } = await project('p/small.png')
    await png(479, path.join(paths.images, 'p/small.png'))
    expect(await assets()).toEqual([
      {
        file: 'content/pages/home.yaml',
        line: 6,
        col: 10,
        path: '/hero/image',
        code: 'image-too-small',
        message: 'The image "p/small.png" is 479 px wide; this slot needs at least 480 px.',
        hint: 'export it at 1600 px wide or more, or use an SVG.',
      },
    ])
  })

  it('names a product written as .yml by its own file name, at the field', async () => {
    const { paths, problems: assets } = await project()
    await png(100, path.join(paths.images, 'p/small.png'))
    const yaml = path.join(paths.content, 'products/alpha.yaml')
    await writeFile(
      yaml,
      (await readFile(yaml, 'utf8')).replace('headerImage: p/a.svg', 'headerImage: p/small.png'),
    )
    await rename(yaml, path.join(paths.content, 'products/alpha.yml'))
    const problems = await assets()
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.path} ${p.code}`)).toEqual([
      'content/products/alpha.yml:6:14 /headerImage image-too-small',
    ])
  })

  it('accepts a raster exactly as wide as its slot needs, and an SVG whatever its own size', async () => {
    const { paths, problems: assets } = await project('p/exact.png')
    await png(480, path.join(paths.images, 'p/exact.png'))
    // p/b.svg fills phone slots of 400 px and more; an SVG scales to any of them.
    const svg = path.join(paths.images, 'p/b.svg')
    await writeFile(
      svg,
      (await readFile(svg, 'utf8')).replace(/width="\d+" height="\d+"/, 'width="40" height="30"'),
    )
    expect(await assets()).toEqual([])
  })

  it('warns of a raster far wider than its slots show, once, with its size and what to export', async () => {
    const { paths, problems: assets, warnings } = await project('p/huge.png')
    // The hero's widest width is 1600 px; twice that covers sharp screens, more is waste.
    await png(3201, path.join(paths.images, 'p/huge.png'))
    const { size } = await stat(path.join(paths.images, 'p/huge.png'))
    expect(await assets()).toEqual([])
    expect(await warnings()).toEqual([
      {
        file: 'content/pages/home.yaml',
        line: 6,
        col: 10,
        path: '/hero/image',
        code: 'image-too-large',
        message: `The image "p/huge.png" is 3201 × 100 px (${(size / 1_000_000).toFixed(1)} MB); the widest its slots show is 1600 px.`,
        hint: 'export it at 1600 px wide (3200 at most): every build that encodes it decodes the whole picture, about 1.3 MB of memory for this one, and the repository keeps all of the file.',
      },
    ])
    await png(3200, path.join(paths.images, 'p/huge.png'))
    expect(await warnings()).toEqual([])
  })

  it('refuses an image that does not decode, as the build would, at the field', async () => {
    const { paths, problems: assets } = await project('p/broken.png')
    await writeFile(path.join(paths.images, 'p/broken.png'), 'not a PNG')
    // An SVG cut short by a failed copy: the XML ends inside a tag.
    const svg = path.join(paths.images, 'p/b.svg')
    await writeFile(svg, (await readFile(svg, 'utf8')).slice(0, 60))
    const problems = await assets()
    // Each at every field that uses the image: b.svg fills three.
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.path} ${p.code}`)).toEqual([
      'content/pages/home.yaml:6:10 /hero/image unreadable-image',
      'content/pages/railways.yaml:11:18 /blocks/0/imageMobile unreadable-image',
      'content/pages/space.yaml:11:18 /blocks/0/imageMobile unreadable-image',
      'content/products/alpha.yaml:8:18 /mobileHomeImage unreadable-image',
    ])
    expect(problems[0]?.message).toMatch(
      /^The image "p\/broken.png" cannot be read: .*unsupported image format/,
    )
    expect(problems[1]?.message).toMatch(/^The image "p\/b.svg" cannot be read: .*XML parse error/)
    expect(problems[1]?.hint).toMatch(/^open it in an image editor and save it again/)
  })

  it('refuses a brochure whose PDF is missing at the embedded storage base, saying where to put it', async () => {
    const { paths, problems: assets } = await project()
    const pdf = path.join(paths.public, 'storage/brochures/UHF.pdf')
    await unlink(pdf)
    expect(await assets()).toEqual([
      {
        file: 'content/brochures.yaml',
        line: 2,
        col: 9,
        path: '/brochures/0/id',
        code: 'brochure-missing',
        message: `The brochure "UHF" at /storage/brochures/UHF.pdf is missing (expected the file ${path.relative(process.cwd(), pdf)}).`,
        hint: 'put the PDF at public/storage/brochures/UHF.pdf, or remove the brochure from this list.',
      },
    ])
  })

  it('checks brochures at an http(s) storage base as the build does, online', async () => {
    const { problems: assets } = await project()
    // Nothing listens on port 9: the PDF cannot be had, so the build would stop too.
    const [problem, ...more] = await assets((c) => ({
      ...c,
      site: { ...c.site, storageBase: 'http://127.0.0.1:9/storage' },
    }))
    expect(more).toEqual([])
    expect(problem).toMatchObject({
      file: 'content/brochures.yaml',
      path: '/brochures/0/id',
      code: 'brochure-missing',
      hint: 'upload the PDF to http://127.0.0.1:9/storage/brochures/UHF.pdf, or remove the brochure from this list.',
    })
  })
})
