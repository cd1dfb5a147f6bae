import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { SiteError } from '../../lib/errors.ts'
import { readContent } from '../../model/content/load.ts'
import { createProgram } from '../index.ts'
import { productTemplate } from './product.ts'

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
    await run('new', 'product', 'demo', '--category', 'Test', '--root', root)
    const file = path.join(root, 'content/products/demo.yaml')
    const filled = (await readFile(file, 'utf8'))
      // Each fact's placeholder shows a value written right; the optional ones may stay.
      .replace(/"TODO: [^"]*, e\.g\. ([^"]*)"/g, '$1')
      .replace(/Header\/TODO-demo\.svg|(products\/demo|partners)\/TODO-[a-z-]+\.svg/g, 'p/a.svg')
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

  it('lists the facts of the category it is given, each as a placeholder showing how to write it', async () => {
    const root = await project()
    await run('new', 'product', 'demo', '--category', 'Test', '--root', root)
    const file = parse(await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8'))
    expect(file.category).toBe('Test')
    expect(file.facts).toEqual({
      ports: 'TODO: Ports, e.g. 16',
      poePerPort: 'TODO: PoE per port (optional: delete if it does not apply), e.g. 16 W',
      operatingTemperature: 'TODO: Operating temperature, e.g. -40 to +75 °C',
      managed: 'TODO: Managed (optional: delete if it does not apply), e.g. true',
      mounting: 'TODO: Mounting (optional: delete if it does not apply), e.g. DIN rail',
    })
    // Without a category, the placeholder names them; once one is written, validate asks for its facts.
    await run('new', 'product', 'other', '--root', root)
    const other = path.join(root, 'content/products/other.yaml')
    expect(parse(await readFile(other, 'utf8')).category).toBe('TODO: one of Test')
    await writeFile(other, (await readFile(other, 'utf8')).replace('"TODO: one of Test"', 'Test'))
    const report = await readContent(path.join(root, 'content'), root)
    expect(
      report.problems.filter((p) => p.file === 'content/products/other.yaml' && p.code === 'missing-fact'),
    ).toMatchObject([
      { path: '/category', hint: 'add it under `facts:`, e.g. `ports: 16`.' },
      { path: '/category', hint: 'add it under `facts:`, e.g. `operatingTemperature: -40 to +75 °C`.' },
    ])
    await expect(run('new', 'product', 'third', '--category', 'Nope', '--root', root)).rejects.toThrow(
      'There is no category "Nope" in content/categories.yaml; nothing was written.',
    )
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

describe('site new product, what it says and writes', () => {
  const shown = (root: string, slug: string) =>
    path.relative(process.cwd(), path.join(root, 'content/products', `${slug}.yaml`))

  it('says it added the slug to the menu, or that it was listed already and leaves the menu as it was', async () => {
    const root = await project()
    const added = await run('new', 'product', 'demo', '--root', root)
    expect(added.split('\n')[0]).toBe(
      `Created ${shown(root, 'demo')} and added "demo" to the end of the menu (content/catalogue.yaml).`,
    )
    const catalogue = path.join(root, 'content/catalogue.yaml')
    await writeFile(catalogue, 'products:\n  - alpha\n  - listed # kept here\n  - demo\n')
    const listed = await run('new', 'product', 'listed', '--root', root)
    expect(listed.split('\n')[0]).toBe(`Created ${shown(root, 'listed')}.`)
    expect(listed).toContain(`1. Replace every "TODO" value in ${shown(root, 'listed')}.`)
    expect(await readFile(catalogue, 'utf8')).toBe('products:\n  - alpha\n  - listed # kept here\n  - demo\n')
  })

  it('writes the product even when the catalogue has no products list yet', async () => {
    const root = await project()
    await writeFile(path.join(root, 'content/catalogue.yaml'), 'title: Menu\n')
    await run('new', 'product', 'demo', '--root', root)
    expect(await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server/,
    )
  })

  it('takes a slug of 80 characters and refuses 81, with the rule and an example', async () => {
    const root = await project()
    await run('new', 'product', 'a'.repeat(80), '--root', root)
    const error = await run('new', 'product', 'b'.repeat(81), '--root', root).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'bad-slug',
      message: `"${'b'.repeat(81)}" cannot be a product address.`,
      hint: 'use lower-case letters, digits, "_", "." and "-", starting and ending with a letter or digit, e.g. `site new product smartplug2`.',
    })
  })

  it('names a reserved slug and an existing file with what to do instead', async () => {
    const root = await project()
    expect(
      await run('new', 'product', 'webandcloudsolutions', '--root', root).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'reserved-slug',
      hint: 'choose another slug.',
    })
    expect(await run('new', 'product', 'alpha', '--root', root).catch((e: unknown) => e)).toMatchObject({
      code: 'product-exists',
      message: `${shown(root, 'alpha')} already exists; nothing was changed.`,
      hint: 'edit that file, or choose another slug.',
    })
  })

  it('does not call a folder it cannot write to an existing file', async () => {
    const root = await project()
    await rm(path.join(root, 'content/products'), { recursive: true })
    const error = await run('new', 'product', 'demo', '--root', root).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(SiteError)
    expect((error as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  it('explains the command, its slug and --root in --help', async () => {
    let out = ''
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk)
      return true
    })
    const help = async (...args: string[]) => {
      out = ''
      const program = createProgram().exitOverride()
      program.commands.find((c) => c.name() === 'new')?.exitOverride()
      program.commands.find((c) => c.name() === 'new')?.commands[0]?.exitOverride()
      await program.parseAsync([...args, '--help'], { from: 'user' }).catch(() => {})
      return out.replace(/\s+/g, ' ')
    }
    try {
      expect(await help('new')).toContain('Start new content from a template.')
      const text = await help('new', 'product')
      for (const part of [
        'Usage: site new product [options] <slug>',
        'Create content/products/<slug>.yaml with every field as a placeholder, and add it to the menu.',
        'slug the product address: /products/<slug> (lower-case letters, digits, "_", "." and "-")',
        '--root <dir> project folder holding content/ (default: this project)',
        'It never overwrites a file. `site validate` flags the placeholders until they are replaced.',
      ])
        expect(text).toContain(part)
    } finally {
      write.mockRestore()
    }
  })
})

describe('productTemplate', () => {
  it('marks every field an editor writes as a placeholder saying what belongs there', () => {
    const todo = (what: string) => `TODO: ${what}`
    const branches = ['left', 'right'].map((side) => ({
      side,
      text: todo('feature name'),
      desc: todo('one sentence about it'),
    }))
    const benefit = (icon: string, title: string) => ({
      icon,
      title: title === 'Protection' ? title : todo('card title'),
      description: todo(`what ${title.toLowerCase()} means for the buyer`),
    })
    expect(parse(productTemplate('demo'))).toEqual({
      name: todo('display name as in the menu'),
      category: todo('one of the categories in content/categories.yaml'),
      summary: todo('one sentence of 50 to 160 characters for search results'),
      description: todo('the intro paragraph'),
      subText: todo('one line under the intro'),
      headerImage: 'Header/TODO-demo.svg',
      homeImage: 'products/demo/TODO-hero.svg',
      mobileHomeImage: 'products/demo/TODO-hero-mobile.svg',
      cardText: [
        { heading: todo('first info card heading'), description: todo('first info card text') },
        { heading: todo('second info card heading'), description: todo('second info card text') },
      ],
      featureImage: 'products/demo/TODO-feature.svg',
      featureImageMobile: 'products/demo/TODO-feature.svg',
      topBranches: branches,
      bottomBranches: branches,
      benefits: [
        benefit('protection', 'Protection'),
        benefit('energy', 'Efficiency'),
        benefit('monitor', 'Monitoring'),
        benefit('rugged', 'Durability'),
        benefit('warranty', 'Warranty'),
      ],
      specifications: [{ label: todo('what is measured'), value: todo('the figure') }],
      specificationAndWarranty: [
        { heading: 'Warranty', description: todo('warranty terms, e.g. 1 year'), position: 'bottom' },
      ],
      // The partners/badges model as validate and --release read it: one plain feature, a certification
      // with its evidence to fill in, and a third logo of either kind.
      partners: [
        { name: 'One-year warranty', logo: 'partners/warranty-1-year.svg', kind: 'feature' },
        {
          name: todo('certification, e.g. CE certified'),
          logo: 'partners/TODO-certification.svg',
          evidence: {
            issuer: todo('who certified it, e.g. the test laboratory'),
            reference: todo('certificate or report number'),
          },
        },
        {
          name: todo('third logo, e.g. IP67 or a feature'),
          logo: 'partners/TODO-third.svg',
          kind: 'feature',
        },
      ],
      steps: [
        { step: 1, label: 'Key Features', key: 'features' },
        { step: 2, label: 'Benefits', key: 'benefits' },
        { step: 3, label: 'Enquire Now', key: 'enquirenow' },
        { step: 4, label: 'Specifications', key: 'specifications' },
      ],
    })
  })
})
