import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { YAML_OPTIONS } from '../../model/content/locate.ts'
import { IMAGE_PATTERN } from '../../model/content/schemas/common.ts'
import { publishedSchemas } from '../../model/content/sources.ts'
import { yamlLib } from '../../model/content/yaml-lib.ts'

/**
 * Points every image field at one `definitions.imageFile` that lists the image files as `examples`,
 * which editors offer as completions (once per schema file, not once per field).
 */
function listImages(node: unknown): boolean {
  let found = false
  if (Array.isArray(node)) for (const item of node) found = listImages(item) || found
  else if (node && typeof node === 'object') {
    const field = node as { type?: unknown; pattern?: unknown; allOf?: unknown }
    if (field.type === 'string' && field.pattern === IMAGE_PATTERN) {
      field.allOf = [{ $ref: '#/definitions/imageFile' }]
      found = true
    }
    for (const value of Object.values(node)) found = listImages(value) || found
  }
  return found
}

/**
 * The JSON text of every published schema, by file name (stable key order, trailing newline). The
 * product's `brochure` lists `brochureIds` as an enum, so an editor completes them; `site validate`
 * checks the same thing against content/brochures.yaml with a message of its own. Image fields list
 * `images` (paths under content/images/) as examples, which editors offer as completions.
 */
export function schemaFiles(
  brochureIds: readonly string[] = [],
  images: readonly string[] = [],
): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, schema] of publishedSchemas()) {
    const json = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: name,
      ...JSON.parse(JSON.stringify(schema)),
    }
    const brochure = json.properties?.brochure
    if (name === 'product.schema.json' && brochure && brochureIds.length) brochure.enum = [...brochureIds]
    if (images.length && listImages(json))
      json.definitions = {
        imageFile: { description: 'An image under content/images/.', examples: [...images] },
      }
    out.set(name, `${JSON.stringify(json, null, 2)}\n`)
  }
  return out
}

/** The brochure ids in content/brochures.yaml, read leniently (an invalid file gives what it can). */
export async function brochureIds(contentDir: string): Promise<string[]> {
  const text = await readFile(path.join(contentDir, 'brochures.yaml'), 'utf8').catch(() => '')
  const data = yamlLib().parse(text, { ...YAML_OPTIONS, uniqueKeys: false }) as {
    brochures?: { id?: unknown }[]
  } | null
  return (data?.brochures ?? []).map((b) => b?.id).filter((id): id is string => typeof id === 'string')
}

/** Every image file under content/images/, as content refers to it (`products/x.png`), sorted. */
export async function imagePaths(contentDir: string): Promise<string[]> {
  const dir = path.join(contentDir, 'images')
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && /\.(svg|png|jpe?g|webp)$/i.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
}

/** Writes the JSON Schemas editors use into `dir`; returns the names of files that changed. */
export async function writeSchemas(dir: string, contentDir = path.dirname(dir)): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const changed: string[] = []
  const [ids, images] = await Promise.all([brochureIds(contentDir), imagePaths(contentDir)])
  for (const [name, text] of schemaFiles(ids, images)) {
    const file = path.join(dir, name)
    const current = await readFile(file, 'utf8').catch(() => '')
    if (current !== text) {
      await writeFile(file, text)
      changed.push(name)
    }
  }
  return changed
}

/**
 * The published schema files that differ from what `site schemas` would write now (new images or
 * brochure ids add completions), by name; nothing where the project publishes no schemas (test
 * fixtures). Only `site schemas` writes them: validate, build and dev only say so.
 */
export async function staleSchemas(
  paths: { schemas: string; content: string },
  /** The brochure ids, when brochures.yaml was read already (validate's reading). */
  known?: readonly string[],
): Promise<string[]> {
  if (!existsSync(paths.schemas)) return []
  const [ids, images] = await Promise.all([known ?? brochureIds(paths.content), imagePaths(paths.content)])
  const stale: string[] = []
  for (const [name, text] of schemaFiles(ids, images))
    if ((await readFile(path.join(paths.schemas, name), 'utf8').catch(() => '')) !== text) stale.push(name)
  return stale
}
