import type { Document, DocumentOptions, Node, ParseOptions, SchemaOptions } from 'yaml'
import type { YamlSlip } from '../../lib/problems.ts'
import { exampleTag } from './example-tag.ts'
import { yamlLib } from './yaml-lib.ts'

/** A parsed YAML file that can say where any field sits. */
export interface LocatedYaml {
  data: unknown
  /** Syntax errors, each with its 1-based line and column and what kind of slip it is (lib/problems.ts). */
  syntaxErrors: { line: number; col: number; slip: YamlSlip }[]
  /** 1-based line and column of the field at `pointer` (or of its nearest existing parent). */
  locate(pointer: string, options?: { key?: string }): { line: number; col: number }
  /** The source text of the value at `pointer`, as written (`2.10`, not 2.1). */
  text(pointer: string): string | undefined
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

/** The field a duplicate key at `offset` repeats, and the lines of both, if they can be found. */
function duplicateKey(
  doc: Document,
  offset: number,
  position: (offset: number) => { line: number; col: number },
): YamlSlip | undefined {
  let slip: YamlSlip | undefined
  const { isScalar, visit } = yamlLib()
  visit(doc, {
    Map(_key, map) {
      const index = map.items.findIndex((p) => isScalar(p.key) && p.key.range?.[0] === offset)
      const pair = map.items[index]
      if (!pair || !isScalar(pair.key)) return
      const name = String(pair.key.value)
      const earlier = map.items.find((p, i) => i < index && isScalar(p.key) && p.key.value === name)
      const at = isScalar(earlier?.key) ? earlier.key.range?.[0] : undefined
      if (at === undefined) return
      slip = { code: 'DUPLICATE_KEY', field: name, lines: [position(at).line, position(offset).line] }
      return visit.BREAK
    },
  })
  return slip
}

/** How every content file is parsed; `!example` marks stand-in values (./example-tag.ts). */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: false,
  uniqueKeys: true,
  customTags: [exampleTag],
}

/** Parses YAML source, keeping positions so errors point at the exact line and column. */
export function parseYaml(source: string): LocatedYaml {
  const { isMap, isScalar, isSeq, LineCounter, parseDocument } = yamlLib()
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { ...YAML_OPTIONS, lineCounter })
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset)
    return { line, col }
  }
  const all = doc.errors.map((e): { line: number; col: number; slip: YamlSlip } => {
    // The `yaml` package appends " at line N, column M:"; the problem carries its own position.
    const message = (e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')
    // An unclosed quote, [ or { is reported where the parser gave up (often the next line); point at
    // the character that opened it instead.
    const unclosed =
      e.code === 'MISSING_CHAR'
        ? /closing (["'])/.exec(message)?.[1]
        : /^Flow (sequence|map) in block collection/.exec(message)
          ? message.startsWith('Flow sequence')
            ? '['
            : '{'
          : undefined
    const opened = unclosed ? source.lastIndexOf(unclosed, e.pos[0] - 1) : -1
    const at = position(opened >= 0 ? opened : e.pos[0])
    if (e.code === 'BLOCK_AS_IMPLICIT_KEY') return blockAsKey(source, at)
    let slip: YamlSlip = { code: e.code, parser: message }
    if (unclosed === '[' || unclosed === '{') slip = { code: 'UNCLOSED_FLOW', opener: unclosed }
    else if (e.code === 'MISSING_CHAR' && !unclosed) slip = { code: 'MISSING_COLON' }
    else if (e.code === 'DUPLICATE_KEY') slip = duplicateKey(doc, e.pos[0], position) ?? slip
    return { ...at, slip }
  })
  // One mistake often derails the parser into more errors on later lines; keep the first and any later
  // ones of the same kind on other lines (two tab-indented lines, two duplicate keys are each real).
  const first = all[0]
  const syntaxErrors = all.filter(
    (e, i) => i === 0 || (e.slip.code === first?.slip.code && all.findIndex((o) => o.line === e.line) === i),
  )
  return {
    data: syntaxErrors.length ? undefined : doc.toJS({ maxAliasCount: 100 }),
    syntaxErrors,
    text(pointer) {
      const node = doc.getIn(pointerSegments(pointer), true) as Node | undefined
      return node?.range ? source.slice(node.range[0], node.range[1]).trim() : undefined
    },
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

/**
 * The parser says "nested mappings are not allowed in compact mappings" for two different slips: a
 * value that itself contains ": " (`heading: Power: 24V DC`), and a line indented further than the
 * field above it, which YAML reads as the rest of that field's value. The second is told apart by the
 * value on the reported line having no ": " of its own, and is reported at the indented line.
 */
function blockAsKey(
  source: string,
  at: { line: number; col: number },
): { line: number; col: number; slip: YamlSlip } {
  const lines = source.split(/\r?\n/)
  const value = (lines[at.line - 1] ?? '').slice(at.col - 1)
  const next = lines.findIndex((text, i) => i >= at.line && text.trim() !== '')
  if (/:\s/.test(value) || next < 0) return { ...at, slip: { code: 'BLOCK_AS_IMPLICIT_KEY' } }
  const indent = (lines[next] ?? '').search(/\S/)
  return { line: next + 1, col: indent + 1, slip: { code: 'OVER_INDENTED' } }
}
