import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'yaml'
import { publishedSchemas } from '../../renderer/content/sources.ts'

/**
 * The JSON text of every published schema, by file name (stable key order, trailing newline). The
 * product's `brochure` lists `brochureIds` as an enum, so an editor completes them; `site validate`
 * checks the same thing against content/brochures.yaml with a message of its own.
 */
export function schemaFiles(brochureIds: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, schema] of publishedSchemas()) {
    const json = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: name,
      ...JSON.parse(JSON.stringify(schema)),
    }
    const brochure = json.properties?.brochure
    if (name === 'product.schema.json' && brochure && brochureIds.length) brochure.enum = [...brochureIds]
    out.set(name, `${JSON.stringify(json, null, 2)}\n`)
  }
  return out
}

/** The brochure ids in content/brochures.yaml, read leniently (an invalid file gives what it can). */
export async function brochureIds(contentDir: string): Promise<string[]> {
  const text = await readFile(path.join(contentDir, 'brochures.yaml'), 'utf8').catch(() => '')
  const data = parse(text, { uniqueKeys: false }) as { brochures?: { id?: unknown }[] } | null
  return (data?.brochures ?? []).map((b) => b?.id).filter((id): id is string => typeof id === 'string')
}

/** Writes the JSON Schemas editors use into `dir`; returns the names of files that changed. */
export async function writeSchemas(dir: string, contentDir = path.dirname(dir)): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const changed: string[] = []
  for (const [name, text] of schemaFiles(await brochureIds(contentDir))) {
    const file = path.join(dir, name)
    const current = await readFile(file, 'utf8').catch(() => '')
    if (current !== text) {
      await writeFile(file, text)
      changed.push(name)
    }
  }
  return changed
}
