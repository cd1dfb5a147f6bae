import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { SiteError } from '../../lib/errors.ts'
import { readContent } from '../../model/content/load.ts'
import { projectPaths } from '../../model/paths.ts'
import { createProgram } from '../index.ts'
import { validateProject } from '../validate/validate-project.ts'
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
  it('writes a draft that validate passes, saying how many placeholders are left, and lists it in the menu', async () => {
    const root = await project()
    const printed = await run('new', 'product', 'demo', '--category', 'Test', '--root', root)
    expect(printed).toContain('Created')
    const file = await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8')
    expect(file.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/product.schema.json')
    expect(file).toMatch(/^draft: true$/m)
    expect(await readFile(path.join(root, 'content/catalogue.yaml'), 'utf8')).toContain('- demo')

    // `site validate` right after: exit 0, and it says the draft has placeholders left.
    const said = await run('validate', '--root', root)
    // Every TODO outside the file's comment lines is a value to supply.
    const todos = file.replace(/^#.*$/gm, '').match(/TODO/g)?.length ?? 0
    expect(said).toContain(
      `content/products/demo.yaml: a draft with ${todos} placeholders left (search it for TODO; the first is on line 6).`,
    )
    expect(said).toMatch(/1 draft \(demo\): shown by `site dev`, left out of `site build`/)
    const report = await readContent(path.join(root, 'content'), root)
    expect(report.problems).toEqual([])
    expect(report.warnings.map((w) => w.code)).toEqual(Array(todos).fill('placeholder'))
  })

  it('without `draft: true`, gives one problem per placeholder, each saying what to write', async () => {
    const root = await project()
    await run('new', 'product', 'demo', '--category', 'Test', '--root', root)
    const file = path.join(root, 'content/products/demo.yaml')
    const text = (await readFile(file, 'utf8')).replace(/^draft: true\n/m, '')
    await writeFile(file, text)
    const report = await readContent(path.join(root, 'content'), root)
    // One problem per TODO, and nothing else: no cascade of "expected a whole number, true or false,
    // a list" for a fact's placeholder, no "too long" for the placeholder's own words.
    const todos = text.replace(/^#.*$/gm, '').match(/TODO/g)?.length ?? 0
    expect(todos).toBeGreaterThan(40)
    expect(report.problems.map((p) => p.code)).toEqual(Array(todos).fill('placeholder'))
    expect(new Set(report.problems.map((p) => p.path)).size).toBe(report.problems.length)
    const hint = (pointer: string) => report.problems.find((p) => p.path === pointer)?.hint
    expect(report.problems[0]).toMatchObject({ line: 5, path: '/name' })
    expect(hint('/name')).toBe('replace it with the display name, as in the menu.')
    expect(hint('/facts/poePerPort')).toBe(
      'write the value, e.g. `poePerPort: 30 W`; or delete the line: this fact is optional.',
    )
    expect(hint('/facts/ports')).toBe('write the value, e.g. `ports: 16`.')
    expect(hint('/homeImage')).toBe(
      'put the artwork at content/images/products/demo/hero.svg (SVG, PNG or JPEG; any name will do) and write its path here, e.g. `products/demo/hero.svg`.',
    )
    expect(report.problems.every((p) => p.hint !== 'replace it with the real text.')).toBe(true)
  })

  it('once filled in, the product validates and takes its place in the menu order', async () => {
    const root = await project()
    await run('new', 'product', 'demo', '--category', 'Test', '--root', root)
    const file = path.join(root, 'content/products/demo.yaml')
    const filled = (await readFile(file, 'utf8'))
      .replace(/^draft: true\n/m, '')
      // Each fact's placeholder shows a value written right; the optional ones may stay.
      .replace(/"TODO: [^"]*, e\.g\. ([^"]*)"/g, '$1')
      .replace(/Header\/TODO-demo\.svg|(products\/demo|partners)\/TODO-[a-z-]+\.svg/g, 'p/a.svg')
      .replace(
        /"TODO: one sentence of 50 to 160 characters for search results"/,
        'Demo is a filled-in product with a summary long enough for search.',
      )
      .replace(/"TODO: the display name, as in the menu"/, 'Demo Device')
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
      poePerPort: 'TODO: PoE per port, e.g. 30 W',
      operatingTemperature: 'TODO: Operating temperature, e.g. -40 to +75 °C',
      managed: 'TODO: Managed, e.g. true',
      mounting: 'TODO: Mounting, e.g. DIN rail',
    })
    const text = await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8')
    expect(text).toContain(
      '  managed: "TODO: Managed, e.g. true"  # optional: delete the line if it does not apply',
    )
    expect(text).toContain('  ports: "TODO: Ports, e.g. 16"\n')
    // Without a category, the placeholder names them; once one is written, validate asks for its facts.
    await run('new', 'product', 'other', '--root', root)
    const other = path.join(root, 'content/products/other.yaml')
    expect(parse(await readFile(other, 'utf8')).category).toBe('TODO: one of Test')
    await writeFile(
      other,
      (await readFile(other, 'utf8')).replace('"TODO: one of Test"', 'Test').replace('draft: true\n', ''),
    )
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
    await expect(run('new', 'product', 'third', '--category', 'Tset', '--root', root)).rejects.toMatchObject({
      code: 'unknown-category',
      hint: 'did you mean --category "Test"? (the categories: "Test")',
    })
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
      `Created ${shown(root, 'demo')}, a draft, and put "demo" in the menu at the end, after "alpha" (content/catalogue.yaml).`,
    )
    expect(added).toContain('move its line in content/catalogue.yaml to place it elsewhere')
    const catalogue = path.join(root, 'content/catalogue.yaml')
    await writeFile(catalogue, 'products:\n  - alpha\n  - listed # kept here\n  - demo\n')
    const listed = await run('new', 'product', 'listed', '--root', root)
    expect(listed.split('\n')[0]).toBe(
      `Created ${shown(root, 'listed')}, a draft, and "listed" was in the menu already.`,
    )
    expect(await readFile(catalogue, 'utf8')).toBe('products:\n  - alpha\n  - listed # kept here\n  - demo\n')
  })

  it('places it in the menu after or before the product named, and refuses one the menu lacks', async () => {
    const root = await project()
    const catalogue = path.join(root, 'content/catalogue.yaml')
    await writeFile(catalogue, 'products:\n  - alpha # first\n  - omega\n')
    await writeFile(path.join(root, 'content/products/omega.yaml'), '')
    const after = await run('new', 'product', 'beta', '--after', 'alpha', '--root', root)
    expect(after.split('\n')[0]).toContain('put "beta" in the menu after "alpha" (content/catalogue.yaml)')
    await run('new', 'product', 'first', '--before', 'alpha', '--root', root)
    expect(parse(await readFile(catalogue, 'utf8')).products).toEqual(['first', 'alpha', 'beta', 'omega'])
    expect(await readFile(catalogue, 'utf8')).toContain('  - alpha # first\n')
    const before = await readFile(catalogue, 'utf8')
    expect(
      await run('new', 'product', 'gamma', '--after', 'alpah', '--root', root).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'not-in-menu',
      message: '--after "alpah" names no product in the menu (content/catalogue.yaml); nothing was written.',
      hint: 'did you mean --after alpha?',
    })
    expect(await readFile(catalogue, 'utf8')).toBe(before)
    expect(await readdir(path.join(root, 'content/products'))).not.toContain('gamma.yaml')
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
        'Create content/products/<slug>.yaml as a draft with every field a placeholder, and add it to the menu.',
        '--after <slug> place it in the menu after this product (default: at the end)',
        '--brochure <file> its brochure: a PDF to add',
        'slug the product address: /products/<slug> (lower-case letters, digits, "_", "." and "-")',
        '--root <dir> project folder holding content/ (default: this project)',
        'It never overwrites a file. The product is a draft: `site dev` shows it, `site build` leaves it out',
      ])
        expect(text).toContain(part)
    } finally {
      write.mockRestore()
    }
  })
})

/** A PDF of `bytes` bytes whose Info dictionary gives it `title` (when given). */
const pdf = (title?: string, bytes = 2048) => {
  const head = `%PDF-1.4\n1 0 obj << ${title ? `/Title (${title}) ` : ''}>> endobj\n`
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(Math.max(0, bytes - head.length - 6), 0x20),
    Buffer.from('%%EOF\n'),
  ])
}

describe('site new product --brochure', () => {
  it('adds the PDF to the storage and the brochure list, links it, and it is a warning until published', async () => {
    const root = await project()
    const from = path.join(root, 'Demo Brochure.pdf')
    await writeFile(from, pdf('Demo, the brochure'))
    const printed = await run('new', 'product', 'demo', '--brochure', from, '--root', root)
    expect(printed).toContain(
      'Added the brochure "Demo_Brochure", titled "Demo, the brochure" (change the title in content/brochures.yaml): public/storage/brochures/Demo_Brochure.pdf.',
    )
    expect(await readFile(path.join(root, 'public/storage/brochures/Demo_Brochure.pdf'))).toEqual(
      await readFile(from),
    )
    expect(parse(await readFile(path.join(root, 'content/brochures.yaml'), 'utf8')).brochures).toEqual([
      { id: 'UHF', title: 'UHF Radio Modem' },
      { id: 'Demo_Brochure', title: 'Demo, the brochure' },
    ])
    expect(parse(await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8')).brochure).toBe(
      'Demo_Brochure',
    )
    // Registered before a published page links it: a warning outside a release, refused by one.
    const local = await validateProject(projectPaths(root))
    expect(local.problems).toEqual([])
    expect(local.warnings.filter((w) => w.code === 'unlinked-brochure')).toMatchObject([
      {
        file: 'content/brochures.yaml',
        line: 4,
        message:
          'No published page links the brochure "Demo_Brochure" yet (only the draft demo): visitors find it only in the brochure library (/brochures), and a release refuses it.',
        hint: 'publish that draft (delete its `draft: true` line), or name the brochure as `brochure: Demo_Brochure` in a published product.',
      },
    ])
    const release = await validateProject(projectPaths(root), { release: true, env: {} })
    expect(release.problems.filter((p) => p.code === 'unlinked-brochure')).toHaveLength(1)
    expect(release.warnings.filter((w) => w.code === 'unlinked-brochure')).toEqual([])
  })

  it('titles it from the file name when its PDF carries another brochure’s title', async () => {
    const root = await project()
    const from = path.join(root, 'smart-plug_2.pdf')
    await writeFile(from, pdf('UHF Radio Modem'))
    await run('new', 'product', 'demo', '--brochure', from, '--root', root)
    expect(parse(await readFile(path.join(root, 'content/brochures.yaml'), 'utf8')).brochures[1]).toEqual({
      id: 'smart_plug_2',
      title: 'smart plug 2',
    })
  })

  it('links a brochure the list has by its id, and writes nothing else', async () => {
    const root = await project()
    const list = await readFile(path.join(root, 'content/brochures.yaml'), 'utf8')
    const printed = await run('new', 'product', 'demo', '--brochure', 'UHF', '--root', root)
    expect(printed).toContain('3. Brochure: linked as `brochure: UHF`.')
    expect(parse(await readFile(path.join(root, 'content/products/demo.yaml'), 'utf8')).brochure).toBe('UHF')
    expect(await readFile(path.join(root, 'content/brochures.yaml'), 'utf8')).toBe(list)
  })

  it('refuses an empty file, one that is not a PDF, and an id that is taken, writing nothing', async () => {
    const root = await project()
    const refused = (file: string) =>
      run('new', 'product', 'demo', '--brochure', file, '--root', root).catch((e: unknown) => e)
    const empty = path.join(root, 'empty.pdf')
    await writeFile(empty, '')
    expect(await refused(empty)).toMatchObject({
      code: 'brochure-unusable',
      message: `The brochure ${empty} is empty (0 bytes): the upload or copy did not finish; nothing was written.`,
    })
    const page = path.join(root, 'page.pdf')
    await writeFile(page, `<html>${'x'.repeat(900)}</html>`)
    expect(await refused(page)).toMatchObject({
      code: 'brochure-unusable',
      message: `The brochure ${page} is not a PDF (it does not start with %PDF-); nothing was written.`,
    })
    const taken = path.join(root, 'UHF.pdf')
    await writeFile(taken, pdf())
    expect(await refused(taken)).toMatchObject({
      code: 'brochure-taken',
      message: 'There is already a brochure "UHF" (content/brochures.yaml); nothing was written.',
      hint: 'to link that brochure, pass its id: --brochure UHF; to add this PDF as another one, give the file another name first.',
    })
    expect(await readdir(path.join(root, 'content/products'))).toEqual(['alpha.yaml'])
  })
})

describe('productTemplate', () => {
  it('marks every field an editor writes as a placeholder saying what belongs there', () => {
    const todo = (what: string) => `TODO: ${what}`
    const branches = ['left', 'right'].map((side) => ({
      side,
      text: todo('a feature name'),
      desc: todo('one sentence about it'),
    }))
    const benefit = (icon: string, title: string) => ({
      icon,
      title: title === 'Protection' ? title : todo('a card title'),
      description: todo(`what ${title.toLowerCase()} means for the buyer`),
    })
    expect(parse(productTemplate('demo'))).toEqual({
      draft: true,
      name: todo('the display name, as in the menu'),
      category: todo('one of the categories in content/categories.yaml'),
      summary: todo('one sentence of 50 to 160 characters for search results'),
      description: todo('the intro paragraph'),
      subText: todo('one line under the intro'),
      headerImage: 'Header/TODO-demo.svg',
      homeImage: 'products/demo/TODO-hero.svg',
      mobileHomeImage: 'products/demo/TODO-hero-mobile.svg',
      cardText: [
        { heading: todo("the first info card's heading"), description: todo("the first info card's text") },
        { heading: todo("the second info card's heading"), description: todo("the second info card's text") },
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
        { heading: 'Warranty', description: todo('the warranty terms, e.g. 1 year'), position: 'bottom' },
      ],
      // The partners/badges model as validate and --release read it: one plain feature, a certification
      // with its evidence to fill in, and a third logo of either kind.
      partners: [
        { name: 'One-year warranty', logo: 'partners/warranty-1-year.svg', kind: 'feature' },
        {
          name: todo('a certification, e.g. CE certified'),
          logo: 'partners/TODO-certification.svg',
          evidence: {
            issuer: todo('who certified it, e.g. the test laboratory'),
            reference: todo('the certificate or report number'),
          },
        },
        {
          name: todo('a third logo, e.g. IP67 or a feature'),
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
