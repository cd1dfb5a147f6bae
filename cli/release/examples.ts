import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { TSchema } from '@sinclair/typebox'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { exampleValues } from '../../model/content/example-tag.ts'
import { splitFrontMatter } from '../../model/content/front-matter.ts'
import type { Content } from '../../model/content/load.ts'
import { pointerSegments, YAML_OPTIONS } from '../../model/content/locate.ts'
import { PRIVACY, PRODUCT_SCHEMA, PRODUCTS_DIR, SINGLE_FILES } from '../../model/content/sources.ts'
import { yamlLib } from '../../model/content/yaml-lib.ts'

/** The schema that guards a content file, by its path inside content/. */
function schemaFor(relative: string): TSchema | undefined {
  if (relative.startsWith(`${PRODUCTS_DIR}/`)) return PRODUCT_SCHEMA.schema
  if (relative === PRIVACY.file) return PRIVACY.schema
  return Object.values(SINGLE_FILES).find((f) => f.file === relative)?.schema
}

/** The description the schema gives the field at `pointer`: what the company has to supply. */
export function fieldDescription(schema: TSchema | undefined, pointer: string): string | undefined {
  let here: TSchema | undefined = schema
  for (const segment of pointerSegments(pointer)) {
    if (!here) return undefined
    here =
      typeof segment === 'number'
        ? (here.items as TSchema | undefined)
        : (here.properties as Record<string, TSchema> | undefined)?.[segment]
  }
  return here?.description as string | undefined
}

/** Every YAML file under content/ (not the published schemas), and Markdown files' front matter. */
export async function contentFiles(
  contentDir: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && /\.(ya?ml|md)$/.test(e.name))
    .map((e) => path.relative(contentDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.startsWith('schemas/') && !f.startsWith('images/') && !skip.has(f))
    .sort()
}

/**
 * The content files a build leaves out, relative to the content folder: the draft products' (`content`
 * is what the build publishes, so its `productFiles` still name them). A release check reads the rest.
 */
export function unpublishedFiles(content: Content): Set<string> {
  const published = new Set(content.products.map((p) => p.slug))
  return new Set(
    Object.entries(content.productFiles)
      .filter(([slug]) => !published.has(slug))
      .map(([, file]) => file),
  )
}

/** One content file's YAML as a release check reads it. */
export interface ContentSource {
  /** Relative to the content folder, e.g. `products/alpha.yaml`. */
  relative: string
  /** Relative to the project, as problems name it. */
  file: string
  /** The YAML: the whole file, or a Markdown file's front matter. */
  yaml: string
  /** Lines before `yaml` in the file (front matter starts on line 2). */
  shift: number
}

/** Each content file's YAML but those in `skip` (drafts), read once each, BOM dropped. */
export async function* contentSources(
  contentDir: string,
  projectRoot: string,
  skip: ReadonlySet<string> = new Set(),
): AsyncGenerator<ContentSource> {
  for (const relative of await contentFiles(contentDir, skip)) {
    const text = (await readFile(path.join(contentDir, relative), 'utf8')).replace(/^\uFEFF/, '')
    const front = relative.endsWith('.md') ? splitFrontMatter(text) : undefined
    if (relative.endsWith('.md') && !front) continue
    const file = path.relative(projectRoot, path.join(contentDir, relative)).split(path.sep).join('/')
    yield { relative, file, yaml: front ? front.matter : text, shift: front ? 1 : 0 }
  }
}

/**
 * Every value marked `!example` in the content, as problems a release refuses: where it is, the field,
 * and what the company has to supply instead (the field's description in its schema).
 */
export async function exampleProblems(
  contentDir: string,
  projectRoot: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<Problem[]> {
  const problems: Problem[] = []
  for await (const { relative, file, yaml, shift } of contentSources(contentDir, projectRoot, skip)) {
    if (!yaml.includes('!example')) continue
    const { LineCounter, parseDocument } = yamlLib()
    const lineCounter = new LineCounter()
    const doc = parseDocument(yaml, { ...YAML_OPTIONS, lineCounter })
    for (const example of exampleValues(doc, lineCounter)) {
      const what = fieldDescription(schemaFor(relative), example.pointer)
      problems.push(
        problemAt(
          PROBLEMS.ExampleValue,
          { value: example.value, holds: what },
          { file, line: example.line + shift, col: example.col, path: example.pointer },
        ),
      )
    }
  }
  return problems
}
