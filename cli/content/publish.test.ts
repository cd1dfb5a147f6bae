import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemaFiles } from './publish.ts'

describe('published JSON Schemas', () => {
  it('match the TypeScript definitions (run `site schemas` after changing a schema)', async () => {
    const dir = path.join(import.meta.dirname, '../../content/schemas')
    for (const [name, text] of schemaFiles())
      expect(await readFile(path.join(dir, name), 'utf8'), name).toBe(text)
  })

  it('close every object so a typo in a field name is an error', () => {
    const product = JSON.parse(schemaFiles().get('product.schema.json') ?? '{}')
    expect(product.additionalProperties).toBe(false)
    expect(product.properties.steps.items.additionalProperties).toBe(false)
  })
})
