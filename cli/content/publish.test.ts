import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { publishedSchemas } from '../../renderer/content/sources.ts'
import { brochureIds, imagePaths, schemaFiles } from './publish.ts'

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
})
