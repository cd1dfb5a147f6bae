import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteError } from '../../lib/errors.ts'
import { readContent } from '../../renderer/content/load.ts'
import { createProgram } from '../index.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid')
const dirs: string[] = []

async function project() {
  const root = await mkdtemp(path.join(tmpdir(), 'site-new-'))
  dirs.push(root)
  await cp(FIXTURE, root, { recursive: true })
  return root
}

async function run(...args: string[]) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    await createProgram().parseAsync(args, { from: 'user' })
    return log.mock.calls.map((c) => c.join(' ')).join('\n')
  } finally {
    log.mockRestore()
  }
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('site new product', () => {
  it('writes a placeholder product that validate keeps flagging, and lists it in the menu', async () => {
    const root = await project()
    const printed = await run('new', 'product', 'demo', '--root', root)
    expect(printed).toContain('Next steps:')
    const file = await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8')
    expect(file.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/product.schema.json')
    expect(await readFile(path.join(root, 'content/catalogue.yaml'), 'utf8')).toContain('- demo')

    const report = await readContent(path.join(root, 'content'), root)
    const placeholders = report.problems.filter((p) => p.code === 'placeholder')
    expect(placeholders.length).toBeGreaterThan(20)
    expect(
      report.problems.every((p) => p.file === 'content/products/demo.yaml' && p.code === 'placeholder'),
    ).toBe(true)
    expect(placeholders[0]).toMatchObject({ line: 4, path: '/name' })
  })

  it('once filled in, the product validates and takes its place in the menu order', async () => {
    const root = await project()
    await run('new', 'product', 'demo', '--root', root)
    const file = path.join(root, 'content/products/demo.yaml')
    const filled = (await readFile(file, 'utf8'))
      .replace(/Header\/TODO-demo\.svg|products\/demo\/TODO-[a-z-]+\.svg/g, 'p/a.svg')
      .replace(
        /"TODO: one sentence of 50 to 160 characters for search results"/,
        'Demo is a filled-in product with a summary long enough for search.',
      )
      .replace(/"TODO: display name as in the menu"/, 'Demo Device')
      .replace(/"TODO: [^"]*"/g, 'Filled in.')
    await writeFile(file, filled)
    const report = await readContent(path.join(root, 'content'), root)
    expect(report.problems).toEqual([])
    expect(report.content?.products.map((p) => [p.slug, p.name])).toEqual([
      ['alpha', 'Alpha'],
      ['demo', 'Demo Device'],
    ])
  })

  it('refuses a bad slug, a reserved one and an existing file without touching anything', async () => {
    const root = await project()
    await expect(run('new', 'product', 'Bad Slug', '--root', root)).rejects.toThrow(SiteError)
    await expect(run('new', 'product', 'webandcloudsolutions', '--root', root)).rejects.toThrow(
      '/products/webandcloudsolutions is already another page.',
    )
    const before = await readFile(path.join(root, 'content/products/alpha.yaml'), 'utf8')
    await expect(run('new', 'product', 'alpha', '--root', root)).rejects.toThrow(
      /already exists; nothing was changed/,
    )
    expect(await readFile(path.join(root, 'content/products/alpha.yaml'), 'utf8')).toBe(before)
  })

  it('refuses a slug whose product is written as .yml, writing no .yaml twin beside it', async () => {
    const root = await project()
    const products = path.join(root, 'content/products')
    await rename(path.join(products, 'alpha.yaml'), path.join(products, 'alpha.yml'))
    await expect(run('new', 'product', 'alpha', '--root', root)).rejects.toThrow(
      /alpha\.yml already exists; nothing was changed/,
    )
    expect((await readdir(products)).filter((f) => f.startsWith('alpha'))).toEqual(['alpha.yml'])
    expect((await readContent(path.join(root, 'content'), root)).problems).toEqual([])
  })
})
