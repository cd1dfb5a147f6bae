import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseSync } from 'vite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { retryingImport } from '../lib/retrying-import.ts'
import { rewriteDynamicImports } from './retrying-imports.ts'

const rewrite = (code: string) => rewriteDynamicImports(code, parseSync('chunk.js', code).program as never)

describe('rewriteDynamicImports', () => {
  it('routes each written-out import through the helper, keeping the import itself for Vite', () => {
    const code = 'const a=()=>import(`./chunk-A.js`);const b=()=>import("./chunk-B.js");'
    // The helper is defined once, first, from lib/retrying-import.ts's own source.
    const helper = `const __siteRetryingImport = ${retryingImport.toString()};\n`
    expect(rewrite(code)).toBe(
      `${helper}const a=()=>__siteRetryingImport(() => import(\`./chunk-A.js\`), \`./chunk-A.js\`, import.meta.url);` +
        'const b=()=>__siteRetryingImport(() => import("./chunk-B.js"), "./chunk-B.js", import.meta.url);',
    )
  })

  it('leaves runtime URLs, page chunks and chunks without dynamic imports as they were', () => {
    for (const code of [
      'const x="/pagefind/pagefind.js";import(x)',
      `import(\`\${base}pagefind.js\`)`,
      'const p=()=>import(`../entries/pages_index.DEY6EEKH.js`)',
      'import{a}from"./chunk-A.js";console.log(a)',
    ])
      expect(rewrite(code)).toBe(code)
  })

  it('keeps positions right in code with characters outside ASCII', () => {
    const code = 'const t="−40 °C … 75 °C";const a=()=>import("./chunk-A.js");'
    expect(rewrite(code)).toContain(
      'const t="−40 °C … 75 °C";const a=()=>__siteRetryingImport(() => import("./chunk-A.js"), "./chunk-A.js", import.meta.url);',
    )
  })
})

describe('retryingImport', () => {
  let dir: string
  let base: string
  const evaluations = () => (globalThis as { __evaluations?: number }).__evaluations ?? 0
  const attempt = () => import(/* @vite-ignore */ new URL('./lazy.mjs', base).href)
  const load = () => retryingImport(attempt, './lazy.mjs', base)
  const publish = () =>
    writeFile(
      path.join(dir, 'lazy.mjs'),
      'globalThis.__evaluations = (globalThis.__evaluations ?? 0) + 1\nexport const id = {}\n',
    )

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'retrying-import-'))
    base = pathToFileURL(`${dir}/`).href
    ;(globalThis as { __evaluations?: number }).__evaluations = 0
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('passes a load that worked straight through, under the module URL', async () => {
    await publish()
    const module = await load()
    expect(await load()).toBe(module)
    expect(evaluations()).toBe(1)
  })

  it('after a failure, loads under a new URL on the next use, and every later use gets that copy', async () => {
    await expect(load()).rejects.toThrow()
    await publish()
    const [first, second] = await Promise.all([load(), load()])
    // Callers that failed together shared one retry: one copy of the module, evaluated once.
    expect(second).toBe(first)
    expect(await load()).toBe(first)
    expect(evaluations()).toBe(1)
  })
})
