import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { afterEach, describe, expect, it } from 'vitest'
import { publishedSchemas } from '../../model/content/sources.ts'
import { brochureIds, imagePaths, schemaFiles, staleSchemas, writeSchemas } from './publish.ts'

const FIXTURE = path.join(import.meta.dirname, '../../tests/fixtures/valid/content')
const dirs: string[] = []

/** An empty temporary folder, or a copy of the valid fixture's content/ folder. */
async function folder(copyFixture = false): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-publish-'))
  dirs.push(dir)
  if (copyFixture) await cp(FIXTURE, dir, { recursive: true })
  return dir
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('published JSON Schemas', () => {
  it('match the TypeScript definitions (run `site schemas` after changing a schema)', async () => {
    const dir = path.join(import.meta.dirname, '../../content/schemas')
    const content = path.dirname(dir)
    for (const [name, text] of schemaFiles(await brochureIds(content), await imagePaths(content)))
      expect(await readFile(path.join(dir, name), 'utf8'), name).toBe(text)
  })

  it('close every object so a typo in a field name is an error', () => {
    const product = JSON.parse(schemaFiles().get('product.schema.json') ?? '{}')
    expect(product.additionalProperties).toBe(false)
    expect(product.properties.steps.items.additionalProperties).toBe(false)
  })

  it('list the brochure ids, step keys and icon names, so an editor completes them', async () => {
    const dir = path.join(import.meta.dirname, '../../content')
    const product = JSON.parse(schemaFiles(await brochureIds(dir)).get('product.schema.json') ?? '{}')
    expect(product.properties.brochure.enum).toEqual(expect.arrayContaining(['UHF', 'EmbeddedPC']))
    expect(product.properties.brochure.enum).toHaveLength(9)
    expect(product.properties.steps.items.properties.key.enum).toContain('specifications')
    expect(product.properties.benefits.items.properties.icon.enum).toContain('protection')
  })
  it('offer the image files for every image field, so an editor completes a path that exists', async () => {
    const dir = path.join(import.meta.dirname, '../../content')
    const images = await imagePaths(dir)
    expect(images).toContain('products/szephyr/application.svg')
    expect(images.every((p) => /^[^/].*\.(svg|png|jpe?g|webp)$/.test(p))).toBe(true)
    const files = schemaFiles([], images)
    const product = JSON.parse(files.get('product.schema.json') ?? '{}')
    expect(product.properties.headerImage.allOf).toEqual([{ $ref: '#/definitions/imageFile' }])
    expect(product.definitions.imageFile.examples).toEqual(images)
    expect(product.properties.steps.items.properties.key.allOf).toBeUndefined()
    const home = JSON.parse(files.get('home.schema.json') ?? '{}')
    expect(home.definitions.imageFile.examples).toEqual(images)
    expect(JSON.parse(files.get('catalogue.schema.json') ?? '{}').definitions).toBeUndefined()
  })
  it('are valid JSON Schemas (the content loader compiles them without the meta-schema check)', () => {
    const ajv = new Ajv({ strict: false, validateSchema: true })
    addFormats.default(ajv)
    for (const [name, schema] of publishedSchemas()) expect(ajv.validateSchema(schema), name).toBe(true)
  })

  it('offer no brochure ids and no image files when given none', () => {
    for (const [name, text] of schemaFiles()) {
      const json = JSON.parse(text)
      expect(json.definitions, name).toBeUndefined()
      expect(json.properties.brochure?.enum, name).toBeUndefined()
    }
  })
})

describe('what editors are offered', () => {
  it('brochure ids: those written as text, from a file read leniently', async () => {
    const dir = await folder()
    await writeFile(
      path.join(dir, 'brochures.yaml'),
      'brochures:\n  - id: UHF\n  -\n  - title: No id yet\n  - id: 7\n  - id: EmbeddedPC\n',
    )
    expect(await brochureIds(dir)).toEqual(['UHF', 'EmbeddedPC'])
    await writeFile(path.join(dir, 'brochures.yaml'), '')
    expect(await brochureIds(dir)).toEqual([])
    expect(await brochureIds(path.join(dir, 'nowhere'))).toEqual([])
  })

  it('image files: every SVG, PNG, JPEG and WebP under images/, any case, by path', async () => {
    const dir = await folder()
    await mkdir(path.join(dir, 'images/p/old.png'), { recursive: true })
    await mkdir(path.join(dir, 'images/Header'))
    for (const name of [
      'p/b.svg',
      'p/photo.jpg',
      'p/Scan.JPEG',
      'Header/a.PNG',
      'p/c.webp',
      'notes.txt',
      'p/d.png.bak',
    ])
      await writeFile(path.join(dir, 'images', name), '')
    expect(await imagePaths(dir)).toEqual([
      'Header/a.PNG',
      'p/Scan.JPEG',
      'p/b.svg',
      'p/c.webp',
      'p/photo.jpg',
    ])
    expect(await imagePaths(path.join(dir, 'nowhere'))).toEqual([])
  })

  it('writes the schemas once, then only those an added image changes', async () => {
    const content = await folder(true)
    const dir = path.join(content, 'schemas')
    const all = [...schemaFiles().keys()]
    expect(await writeSchemas(dir)).toEqual(all)
    const expected = schemaFiles(['UHF'], ['p/a.svg', 'p/b.svg', 'partners/warranty-1-year.svg'])
    for (const name of all)
      expect(await readFile(path.join(dir, name), 'utf8'), name).toBe(expected.get(name))
    expect(await writeSchemas(dir)).toEqual([])
    await writeFile(path.join(content, 'images/p/c.png'), '')
    expect(await writeSchemas(dir)).toEqual([
      'home.schema.json',
      'about.schema.json',
      'domain.schema.json',
      'webandcloud.schema.json',
      'product.schema.json',
    ])
  })

  it('names the schemas behind the content without writing them, and nothing where none are published', async () => {
    const content = await folder(true)
    const schemas = path.join(content, 'schemas')
    expect(await staleSchemas({ schemas, content })).toEqual([])
    expect(existsSync(schemas)).toBe(false)
    await mkdir(schemas)
    await writeSchemas(schemas)
    expect(await staleSchemas({ schemas, content })).toEqual([])
    await writeFile(path.join(content, 'brochures.yaml'), 'brochures:\n  - id: UHF\n  - id: LoRa\n')
    await writeFile(path.join(content, 'images/p/c.png'), '')
    const before = await readFile(path.join(schemas, 'product.schema.json'), 'utf8')
    expect(await staleSchemas({ schemas, content })).toEqual([
      'home.schema.json',
      'about.schema.json',
      'domain.schema.json',
      'webandcloud.schema.json',
      'product.schema.json',
    ])
    // Only `site schemas` writes them.
    expect(await readFile(path.join(schemas, 'product.schema.json'), 'utf8')).toBe(before)
  })
})
