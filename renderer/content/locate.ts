import {
  type DocumentOptions,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type ParseOptions,
  parseDocument,
  type SchemaOptions,
} from 'yaml'
import { exampleTag } from './example-tag.ts'

/** A parsed YAML file that can say where any field sits. */
export interface LocatedYaml {
  data: unknown
  /** Syntax errors, each with its 1-based line and column and the `yaml` package's error code. */
  syntaxErrors: { line: number; col: number; message: string; code: string }[]
  /** 1-based line and column of the field at `pointer` (or of its nearest existing parent). */
  locate(pointer: string, options?: { key?: string }): { line: number; col: number }
}

/** Splits a JSON pointer (`/a/0/b`) into segments, numbers for list indexes. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

/** How every content file is parsed; `!example` marks stand-in values (./example-tag.ts). */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: false,
  uniqueKeys: true,
  customTags: [exampleTag],
}

/** Parses YAML source, keeping positions so errors point at the exact line and column. */
export function parseYaml(source: string): LocatedYaml {
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { ...YAML_OPTIONS, lineCounter })
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, col }
  }
  const syntaxErrors = doc.errors.map((e) => {
    const message = e.message.split('\n')[0] ?? ''
    // An unclosed quote is reported where the file ends; point at the quote that opened it instead.
    const quote = e.code === 'MISSING_CHAR' ? /closing (["'])/.exec(message)?.[1] : undefined
    const opened = quote ? source.lastIndexOf(quote, e.pos[0] - 1) : -1
    return { ...position(opened >= 0 ? opened : e.pos[0]), message, code: e.code }
  })
  return {
    data: syntaxErrors.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    syntaxErrors,
    locate(pointer, options = {}) {
      let node: Node | null | undefined = doc.contents as Node | null
      let last = node
      for (const segment of pointerSegments(pointer)) {
        if (isMap(node)) {
          const pair = node.items.find((p) => isScalar(p.key) && p.key.value === segment)
          node = pair?.value as Node | undefined
        } else if (isSeq(node) && typeof segment === 'number') {
          node = node.items[segment] as Node | undefined
        } else node = undefined
        if (!node) break
        last = node
      }
      if (options.key && isMap(last)) {
        const pair = last.items.find((p) => isScalar(p.key) && p.key.value === options.key)
        if (isScalar(pair?.key) && pair.key.range) return position(pair.key.range[0])
      }
      return last?.range ? position(last.range[0]) : { line: 1, col: 1 }
    },
  }
}
