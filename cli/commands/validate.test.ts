import { cp, mkdtemp, rm, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatProblems } from '../../lib/errors.ts'
import { readContent } from '../../model/content/load.ts'
import { projectPaths } from '../../model/paths.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'
import { BUILD_STAGES, type BuildRun } from '../build/stages.ts'
import { createProgram } from '../index.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

/** A copy of the valid fixture with `edit` applied, so each case breaks exactly one thing. */
async function fixture(edit: (root: string) => Promise<void> = async () => {}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-validate-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  await edit(root)
  return root
}

async function problemsOf(root: string): Promise<string> {
  const report = await readContent(path.join(root, 'content'), root)
  return formatProblems(report.problems)
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('site validate', () => {
  it('accepts the valid fixture and returns typed records in catalogue order', async () => {
    const root = await fixture()
    const report = await readContent(path.join(root, 'content'), root)
    expect(report.problems).toEqual([])
    expect(report.files).toBe(11)
    expect(report.content?.products.map((p) => p.slug)).toEqual(['alpha'])
    expect(report.content?.products[0]?.specifications?.[0]).toEqual({
      label: 'Rating',
      value: '15A / 4000W',
    })
  })

  it('locates a field of the wrong type', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), 'value: 15A / 4000W', 'value: [15A, 4000W]'),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:37:12  /specifications/0/value
        Expected a string, got a list.
        Fix: write it as text on one line; put it in quotes if it starts with [, { or - or contains ": ".
      1 problem in 1 file."
    `)
  })

  it('reports a misspelt field once, with the likely name (not also as a missing field)', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), 'subText:', 'subtext:'),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:5:1  /subtext
        Unknown field \`subtext\`.
        Fix: did you mean \`subText\`? Rename it, or remove it.
      1 problem in 1 file."
    `)
  })

  it('names a missing required field inside a list entry', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), '    description: Second card.\n', ''),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:12:5  /cardText/1/description
        Missing required field \`description\`.
        Fix: add \`description:\` with card text.
      1 problem in 1 file."
    `)
  })

  it('locates malformed YAML', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), 'category: Test', 'category: Test: broken'),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:2:11
        The YAML cannot be read: This value contains ": ", which YAML reads as a field of its own.
        Fix: put text that contains ": " in quotes, e.g. \`heading: "Power: 24V DC"\`.
      1 problem in 1 file."
    `)
  })

  it('points an unclosed quote at the quote that opened it, not at the end of the file', async () => {
    const root = await fixture((r) =>
      replaceIn(
        path.join(r, 'content', 'products/alpha.yaml'),
        'subText: Alpha sub text.',
        'subText: "Alpha sub text.',
      ),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:5:10
        The YAML cannot be read: Missing closing "quote.
        Fix: close the quote that starts here, or remove it.
      1 problem in 1 file."
    `)
  })

  it('rejects a step whose section has no data', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), 'key: benefits', 'key: catalog'),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:46:10  /steps/1/key
        The step "Benefits" points at the "catalog" section, but this product has no data for it.
        Fix: add the \`catalog\` entries or \`colours\` to the product, or choose another key for this step.
      1 problem in 1 file."
    `)
  })

  it('asks for exactly three partner logos, naming the one every product can add', async () => {
    const two =
      'partners:\n  - name: Made in India\n    logo: p/a.svg\n  - name: RoHS\n    logo: p/b.svg\nsteps:'
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), /^steps:/m, two),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:41:3  /partners
        Too few entries: 2, at least 3.
        Fix: add 1 more entry (this field: exactly three logos per product: certifications and standards (the default, \`kind: compliance\`, which a release publishes only with \`evidence\`) or plain features (\`kind: feature\`), e.g. \`{ name: One-year warranty, logo: partners/warranty-1-year.svg, kind: feature }\`).
      1 problem in 1 file."
    `)
  })

  it('names the field that refers to a missing image', async () => {
    const root = await fixture((r) => unlink(path.join(r, 'content/images/p/b.svg')))
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/pages/railways.yaml:11:18  /blocks/0/imageMobile
        The image "p/b.svg" does not exist in content/images/.
        Fix: add the file content/images/p/b.svg, or correct the path.
      content/pages/space.yaml:11:18  /blocks/0/imageMobile
        The image "p/b.svg" does not exist in content/images/.
        Fix: add the file content/images/p/b.svg, or correct the path.
      content/products/alpha.yaml:8:18  /mobileHomeImage
        The image "p/b.svg" does not exist in content/images/.
        Fix: add the file content/images/p/b.svg, or correct the path.
      3 problems in 3 files."
    `)
  })

  it('rejects a slug listed twice in the catalogue', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'catalogue.yaml'), '  - alpha\n', '  - alpha\n  - alpha\n'),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/catalogue.yaml:3:5  /products/1
        The slug "alpha" is listed twice (entries 1 and 2).
        Fix: delete one of the two lines.
      1 problem in 1 file."
    `)
  })

  it('keeps flagging placeholder text left from the scaffold', async () => {
    const root = await fixture((r) =>
      replaceIn(
        path.join(r, 'content', 'products/alpha.yaml'),
        'subText: Alpha sub text.',
        'subText: "TODO: one line under the intro"',
      ),
    )
    expect(await problemsOf(root)).toMatchInlineSnapshot(`
      "content/products/alpha.yaml:5:10  /subText
        Placeholder left from the scaffold: "TODO: one line under the intro".
        Fix: replace it with one line under the intro.
      1 problem in 1 file."
    `)
  })

  it('reports every problem of several files in one run', async () => {
    const root = await fixture(async (r) => {
      await replaceIn(path.join(r, 'content', 'products/alpha.yaml'), 'value: 15A / 4000W', 'value: [15A]')
      await replaceIn(path.join(r, 'content', 'site.yaml'), 'apiTimeoutMs: 10000', 'apiTimeoutMs: soon')
    })
    const report = await readContent(path.join(root, 'content'), root)
    expect(report.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code}`)).toEqual([
      'content/products/alpha.yaml:37:12 wrong-type',
      'content/site.yaml:18:15 wrong-type',
    ])
  })

  it('exits 1 with the problems and no stack trace from the command line', async () => {
    const root = await fixture((r) =>
      replaceIn(path.join(r, 'content', 'products/alpha.yaml'), 'value: 15A / 4000W', 'value: [15A]'),
    )
    const json = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await createProgram().parseAsync(['validate', '--root', root, '--json'], { from: 'user' })
      const printed = JSON.parse(String(json.mock.calls[0]?.[0])) as { problems: { path: string }[] }
      expect(printed.problems.map((p) => p.path)).toEqual(['/specifications/0/value'])
      expect(process.exitCode).toBe(1)
    } finally {
      json.mockRestore()
      process.exitCode = 0
    }
  })

  it('prints a warning in full and still passes: an image far larger than its slots need', async () => {
    const root = await fixture(async (r) => {
      await sharp({ create: { width: 4000, height: 40, channels: 3, background: '#345' } })
        .png()
        .toFile(path.join(r, 'content/images/p/huge.png'))
      await replaceIn(path.join(r, 'content/pages/home.yaml'), '  image: p/a.svg', '  image: p/huge.png')
    })
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      await createProgram().parseAsync(['validate', '--root', root], { from: 'user' })
      const printed = log.mock.calls.map((c) => c.join(' ')).join('\n')
      expect(printed).toMatch(
        /^content\/pages\/home\.yaml:6:10 {2}\/hero\/image\n {2}The image "p\/huge\.png" is 4000 × 40 px \(/m,
      )
      expect(printed).toContain('1 warning in 1 file.')
      expect(printed).toMatch(/11 content files valid/)
    } finally {
      log.mockRestore()
    }
    // The build says so too, before its validate line, and goes on.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const run = { paths: projectPaths(root), options: { release: false } } as unknown as BuildRun
      const line = await BUILD_STAGES[0]?.run(run)
      expect(line).toMatch(/; 1 warning above$/)
      expect(warn.mock.calls.map((c) => c.join(' ')).join('\n')).toContain(
        'The image "p/huge.png" is 4000 × 40 px',
      )
    } finally {
      warn.mockRestore()
    }
  })
})
