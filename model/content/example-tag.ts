import type { Document, LineCounter, ScalarTag } from 'yaml'
import { yamlLib } from './yaml-lib.ts'

/**
 * `!example` marks a content value written as a stand-in, not taken from the spec or supplied by the
 * company: `email: !example sales@example.com`. It loads as the plain string, so `site validate`, the dev
 * server and the tests use it as is; a release lists every one (`site validate --release`).
 */
export const EXAMPLE_TAG = '!example'

/** The YAML tag definition the content loader registers (model/content/locate.ts). */
export const exampleTag: ScalarTag = {
  tag: EXAMPLE_TAG,
  resolve: (value: string) => value,
}

/** One `!example` value in a parsed file. */
export interface ExampleValue {
  /** JSON pointer of the field, e.g. `/contact/email`. */
  pointer: string
  value: string
  /** 1-based line and column of the tag. */
  line: number
  col: number
}

/** Every value tagged `!example` in a parsed document, in file order. */
export function exampleValues(doc: Document, lineCounter: LineCounter): ExampleValue[] {
  const found: ExampleValue[] = []
  const { isScalar, visit } = yamlLib()
  visit(doc, {
    Scalar(key, node, ancestors) {
      if (node.tag !== EXAMPLE_TAG || key === 'key') return
      const segments: string[] = []
      for (let i = 0; i < ancestors.length; i++) {
        const here = ancestors[i]
        const next = i + 1 < ancestors.length ? ancestors[i + 1] : node
        if (here && 'items' in here && Array.isArray(here.items)) {
          const index = here.items.indexOf(next as never)
          // In a map, the items are pairs and the next ancestor is the pair itself.
          if (index >= 0 && !isPairList(here.items)) segments.push(String(index))
        }
        if (here && 'key' in here && 'value' in here && isScalar(here.key) && here.value === next)
          segments.push(String(here.key.value))
      }
      const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0)
      found.push({
        pointer: segments.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''),
        value: String(node.value),
        line,
        col,
      })
    },
  })
  return found
}

const isPairList = (items: unknown[]) => items.every((i) => typeof i === 'object' && i !== null && 'key' in i)
