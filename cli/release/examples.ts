import type { TSchema } from '@sinclair/typebox'
import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { exampleValues } from '../../model/content/example-tag.ts'
import type { SourceFile } from '../../model/content/load.ts'
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

/**
 * Every value marked `!example` in the content, as problems a release refuses: where it is, the field,
 * and what the company has to supply instead (the field's description in its schema).
 */
export function exampleProblems(sources: readonly SourceFile[]): Problem[] {
  const problems: Problem[] = []
  for (const { relative, file, yaml, shift } of sources) {
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
