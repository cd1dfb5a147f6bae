import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { publishedSchemas } from '../../renderer/content/sources.ts'

/** The JSON text of every published schema, by file name (stable key order, trailing newline). */
export function schemaFiles(): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, schema] of publishedSchemas()) {
    const json = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: name,
      ...JSON.parse(JSON.stringify(schema)),
    }
    out.set(name, `${JSON.stringify(json, null, 2)}\n`)
  }
  return out
}

/** Writes the JSON Schemas editors use into `dir`; returns the names of files that changed. */
export async function writeSchemas(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const changed: string[] = []
  for (const [name, text] of schemaFiles()) {
    const file = path.join(dir, name)
    const current = await readFile(file, 'utf8').catch(() => '')
    if (current !== text) {
      await writeFile(file, text)
      changed.push(name)
    }
  }
  return changed
}
