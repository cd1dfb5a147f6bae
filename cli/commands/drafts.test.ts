import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadContent, readContent } from '../../model/content/load.ts'
import { imageFor } from '../../model/images.ts'
import { collectImages } from '../images/collect.ts'
import { productTemplate } from '../scaffold/product.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

/**
 * The valid fixture plus a scaffolded product `beta` that is not in the catalogue: a draft as the
 * scaffold writes it, or the same file with its `draft: true` line deleted.
 */
async function withScaffold(draft: boolean): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-drafts-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  const template = productTemplate('beta', [], undefined)
  await writeFile(
    path.join(root, 'content/products/beta.yaml'),
    draft ? template : template.replace(/^draft: true\n/m, ''),
  )
  return root
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('draft products', () => {
  it('validate lists a draft’s placeholders as warnings, and does not need it in the catalogue', async () => {
    const root = await withScaffold(true)
    const report = await readContent(path.join(root, 'content'), root)
    expect(report.problems).toEqual([])
    expect(report.drafts).toEqual(['beta'])
    expect(report.warnings.length).toBeGreaterThan(20)
    expect(report.warnings.every((w) => w.code === 'placeholder')).toBe(true)
    expect(report.warnings[0]).toMatchObject({ file: 'content/products/beta.yaml', line: 6, path: '/name' })
  })

  it('the same file without `draft: true` is refused: placeholders, and missing from the catalogue', async () => {
    const root = await withScaffold(false)
    const report = await readContent(path.join(root, 'content'), root)
    expect(report.content).toBeUndefined()
    expect(new Set(report.problems.map((p) => p.code))).toEqual(new Set(['placeholder', 'not-in-catalogue']))
  })

  it('a build leaves drafts out; dev shows them after the listed products', async () => {
    const root = await withScaffold(true)
    const dir = path.join(root, 'content')
    expect((await loadContent(dir)).products.map((p) => p.slug)).toEqual(['alpha'])
    const preview = await loadContent(dir, { drafts: true })
    expect(preview.products.map((p) => [p.slug, p.draft ?? false])).toEqual([
      ['alpha', false],
      ['beta', true],
    ])
    // Its placeholder images are not encoded; pages show a stand-in for them.
    expect(collectImages(preview).some((s) => s.ref.includes('TODO'))).toBe(false)
    const standIn = imageFor({ images: {}, config: preview.site as never }, 'products/beta/TODO-hero.svg')
    expect(standIn.src).toMatch(/^data:image\/svg\+xml,/)
    expect(decodeURIComponent(standIn.src)).toContain('Image to come')
  })
})
