import type { Plugin } from 'vite'
import { retryingImport } from '../lib/retrying-import.ts'

/**
 * Vike's page chunks, which its client router imports on navigation. Left alone: when one fails,
 * Vike falls back to a full page load, which starts with an empty module map.
 */
const PAGE_ENTRY = /\/entries\/pages_/

/** The name the helper takes inside each chunk that needs it; the minifier shortens it. */
const HELPER = '__siteRetryingImport'

interface Node {
  type?: string
  start: number
  end: number
  [key: string]: unknown
}

/**
 * Makes every lazily loaded chunk of the client build load again after a failure, in every browser:
 * each `import('./chunk.js')` whose specifier is written out becomes `retryingImport(() =>
 * import('./chunk.js'), './chunk.js', import.meta.url)` (lib/retrying-import.ts), whose source is inlined once at the top of
 * the chunk. The import itself stays as written, so Vite still finds it and preloads its dependencies
 * and stylesheets; this runs before Vite fills those in, before hashing and before minification.
 * That covers the site's own lazy modules (form rules, request helper, toasts, search) with no change
 * at the call sites. Imports of a URL computed at run time are left alone (the search index's script
 * retries by itself), and so are Vike's page chunks (see PAGE_ENTRY).
 */
export function retryingImports(): Plugin {
  return {
    name: 'site-retrying-imports',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    renderChunk(code) {
      const rewritten = rewriteDynamicImports(code, this.parse(code) as unknown as Node)
      return rewritten === code ? null : { code: rewritten, map: null }
    },
  }
}

/**
 * `code` with each dynamic import of a written-out specifier routed through the helper, and the
 * helper's definition put first; `code` itself when it has none.
 */
export function rewriteDynamicImports(code: string, program: Node): string {
  const imports = dynamicImports(program).filter((node) => {
    const source = node.source as Node
    return fixedSpecifier(source) && !PAGE_ENTRY.test(code.slice(source.start, source.end))
  })
  if (imports.length === 0) return code
  let out = code
  for (const node of imports.sort((a, b) => b.start - a.start)) {
    const source = node.source as Node
    const specifier = code.slice(source.start, source.end)
    const attempt = code.slice(node.start, node.end)
    out = `${out.slice(0, node.start)}${HELPER}(() => ${attempt}, ${specifier}, import.meta.url)${out.slice(node.end)}`
  }
  return `const ${HELPER} = ${retryingImport.toString()};\n${out}`
}

/** Every `import(...)` expression in the tree, outermost first. */
function dynamicImports(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) dynamicImports(child, found)
  } else if (node !== null && typeof node === 'object') {
    const current = node as Node
    if (current.type === 'ImportExpression') found.push(current)
    for (const [key, child] of Object.entries(current)) if (key !== 'parent') dynamicImports(child, found)
  }
  return found
}

/** A string literal, or a template literal with nothing interpolated. */
function fixedSpecifier(source: Node): boolean {
  if (source.type === 'Literal') return typeof source.value === 'string'
  return source.type === 'TemplateLiteral' && (source.expressions as unknown[]).length === 0
}
