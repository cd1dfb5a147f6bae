import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateProject } from '../cli/validate/validate-project.ts'
import { PROJECT_ROOT, projectPaths } from '../model/paths.ts'
import { type SyntheticProduct, writeSyntheticProducts } from './synthetic-products.ts'

/**
 * The scale bench measures builds of a catalogue grown with synthetic products; those are only worth
 * measuring if the project's own validation (what `site build` checks first) accepts them.
 */
describe('synthetic products', () => {
  let root = ''
  const paths = () => projectPaths(root)
  const realCount = async () => (await readdir(path.join(PROJECT_ROOT, 'content/products'))).length

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'site-synthetic-'))
    // What validation reads: the content, and the embedded storage for the brochure PDFs.
    await cp(path.join(PROJECT_ROOT, 'content'), paths().content, { recursive: true })
    await cp(projectPaths().storage, paths().storage, { recursive: true })
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('grows the content to N products that pass validation, with names that prefix one another', async () => {
    const real = await realCount()
    const added = await writeSyntheticProducts(paths().content, real + 5)
    expect(added).toHaveLength(5)

    const result = await validateProject(paths())
    expect(result.problems).toEqual([])
    expect(result.published?.products).toHaveLength(real + 5)
    expect(result.published?.products.slice(real).map((p) => p.slug)).toEqual(added.map((p) => p.slug))
    const published = new Map(result.published?.products.map((p) => [p.slug, p]))
    for (const product of added) {
      expect(published.get(product.slug)).toMatchObject({ name: product.name, category: product.category })
      expect(published.get(product.slug)?.brochure).toBeUndefined()
    }
    expect(prefixPairs(added)).toContainEqual(['SZephyr 1', 'SZephyr 11'])
    expect(new Set(added.map((p) => p.category)).size).toBeGreaterThanOrEqual(3)
  })

  it('replaces the synthetic products of an earlier call rather than adding to them', async () => {
    const real = await realCount()
    await writeSyntheticProducts(paths().content, real + 9)
    const again = await writeSyntheticProducts(paths().content, real + 2)
    expect(await readdir(path.join(paths().content, 'products'))).toHaveLength(real + 2)
    const result = await validateProject(paths())
    expect(result.problems).toEqual([])
    expect(result.published?.products.slice(real).map((p) => p.slug)).toEqual(again.map((p) => p.slug))
  })

  it('refuses a size below the real products', async () => {
    await expect(writeSyntheticProducts(paths().content, 3)).rejects.toThrow(/fewer than the \d+ real ones/)
  })
})

/** Every pair of names where the first is the start of the second. */
function prefixPairs(products: SyntheticProduct[]): [string, string][] {
  const names = products.map((p) => p.name)
  return names.flatMap((a) =>
    names.filter((b) => b !== a && b.startsWith(a)).map((b): [string, string] => [a, b]),
  )
}
