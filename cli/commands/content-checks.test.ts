// The checks that look across content files (model/content/checks.ts), each driven the way an
// editor meets it: one realistic mistake in a copy of the valid fixture, then `site validate`'s reading.
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readContent } from '../../model/content/load.ts'
import { replaceIn } from '../../tests/fixture-edit.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** A copy of the valid fixture after `edit`; returns its problems as `file:line code`. */
async function problemsAfter(edit: (content: string) => Promise<void>): Promise<string[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-checks-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  const content = path.join(root, 'content')
  await edit(content)
  const report = await readContent(content, root)
  return report.problems.map((p) => `${p.file}:${p.line} ${p.code}`)
}

const ALPHA = 'products/alpha.yaml'
const at = (content: string, file: string) => path.join(content, file)

describe('checks across content files', () => {
  it('a product file the catalogue does not list', async () => {
    const found = await problemsAfter(async (c) => {
      await writeFile(
        at(c, 'products/beta.yaml'),
        (await readFile(at(c, ALPHA), 'utf8')).replace('name: Alpha', 'name: Beta'),
      )
    })
    expect(found).toEqual(['content/products/beta.yaml:1 not-in-catalogue'])
  })

  it('a catalogue entry with no product file', async () => {
    const found = await problemsAfter((c) =>
      replaceIn(at(c, 'catalogue.yaml'), '  - alpha', '  - alpha\n  - gamma'),
    )
    expect(found).toEqual(['content/catalogue.yaml:3 unknown-product'])
  })

  it('a product file name that is not a slug', async () => {
    const found = await problemsAfter(async (c) => {
      await rename(at(c, ALPHA), at(c, 'products/Alpha Board.yaml'))
      await replaceIn(at(c, 'catalogue.yaml'), '  - alpha', '  - Alpha Board')
    })
    expect(found).toContain('content/products/Alpha Board.yaml:1 bad-slug')
  })

  it('a slug that is the address of another page', async () => {
    const found = await problemsAfter(async (c) => {
      await rename(at(c, ALPHA), at(c, 'products/webandcloudsolutions.yaml'))
      await replaceIn(at(c, 'catalogue.yaml'), '  - alpha', '  - webandcloudsolutions')
    })
    // Home's link to the product's old address is now dead too.
    expect(found).toEqual([
      'content/pages/home.yaml:17 dead-link',
      'content/products/webandcloudsolutions.yaml:1 reserved-slug',
    ])
  })

  it('two products with one name', async () => {
    const found = await problemsAfter(async (c) => {
      await writeFile(at(c, 'products/beta.yaml'), await readFile(at(c, ALPHA), 'utf8'))
      await replaceIn(at(c, 'catalogue.yaml'), '  - alpha', '  - alpha\n  - beta')
    })
    expect(found).toEqual(['content/products/beta.yaml:1 duplicate-name'])
  })

  it('steps numbered out of order', async () => {
    const found = await problemsAfter((c) => replaceIn(at(c, ALPHA), '  - step: 2\n', '  - step: 3\n'))
    expect(found).toEqual(['content/products/alpha.yaml:44 step-order'])
  })

  it('two steps pointing at one section', async () => {
    const found = await problemsAfter((c) =>
      replaceIn(at(c, ALPHA), '    key: specifications', '    key: benefits'),
    )
    expect(found).toEqual(['content/products/alpha.yaml:52 duplicate-step'])
  })

  it('benefits without a Protection card', async () => {
    const found = await problemsAfter((c) => replaceIn(at(c, ALPHA), 'title: Protection', 'title: Safety'))
    expect(found).toEqual(['content/products/alpha.yaml:20 no-protection-card'])
  })

  it('a brochure id that content/brochures.yaml does not have', async () => {
    const found = await problemsAfter((c) =>
      replaceIn(at(c, ALPHA), 'name: Alpha\n', 'name: Alpha\nbrochure: NOPE\n'),
    )
    expect(found).toEqual(['content/products/alpha.yaml:2 unknown-brochure'])
  })
})

describe('files that cannot be read as they are', () => {
  it('a YAML error in the privacy policy front matter, with its line, not a crash', async () => {
    const found = await problemsAfter((c) =>
      replaceIn(at(c, 'pages/privacy-policy.md'), /^title: .*$/m, 'title: "Privacy'),
    )
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((f) => f.startsWith('content/pages/privacy-policy.md:'))).toBe(true)
    expect(found[0]).toMatch(/^content\/pages\/privacy-policy\.md:2 yaml-syntax$/)
  })

  it('a Latin-1 byte, at its line, instead of publishing U+FFFD', async () => {
    const found = await problemsAfter(async (c) => {
      const file = at(c, ALPHA)
      const text = await readFile(file, 'utf8')
      const latin1 = Buffer.from(text.replace('name: Alpha', 'name: Alpha Caf\u00e9'), 'latin1')
      await writeFile(file, latin1)
    })
    expect(found).toEqual(['content/products/alpha.yaml:1 not-utf8'])
  })

  it('a product as both .yml and .yaml', async () => {
    const found = await problemsAfter(async (c) => {
      await writeFile(at(c, 'products/alpha.yml'), await readFile(at(c, ALPHA), 'utf8'))
    })
    expect(found).toEqual(['content/products/alpha.yml:1 duplicate-file'])
  })
})
