import { describe, expect, it } from 'vitest'
import { lazyChunkProblems, lazyImports } from './lazy-chunks.ts'

const page = (route: string, preload: string[]) => ({
  route,
  file: `${route.slice(1) || 'index'}/index.html`,
  html: `<script id="site-scripts" type="application/json">${JSON.stringify({ entry: '/assets/entries/entry.js', preload })}</script>`,
})

describe('lazyImports', () => {
  it('finds written-out dynamic imports, resolved, without Vike page chunks or runtime URLs', () => {
    const code =
      'e(()=>import(`./chunk-A.js`));import("../chunks/chunk-B.js");import(`../entries/pages_index.X.js`);' +
      `import(\`\${s}pagefind.js\`)`
    expect(lazyImports('/assets/chunks/chunk-S.js', code)).toEqual([
      '/assets/chunks/chunk-A.js',
      '/assets/chunks/chunk-B.js',
    ])
  })
})

describe('lazyChunkProblems', () => {
  const graph: Record<string, { static: string[]; lazy: string[] }> = {
    '/assets/entries/entry.js': { static: ['/assets/chunks/shared.js'], lazy: [] },
    '/assets/chunks/shared.js': { static: [], lazy: ['/assets/chunks/toasts.js', '/assets/chunks/form.js'] },
    '/assets/chunks/toasts.js': {
      static: ['/assets/chunks/shared.js', '/assets/chunks/toast-lib.js'],
      lazy: [],
    },
    '/assets/chunks/form.js': { static: ['/assets/chunks/shared.js'], lazy: ['/assets/chunks/rules.js'] },
    '/assets/chunks/rules.js': { static: ['/assets/chunks/yup.js'], lazy: [] },
  }
  const importsOf = (url: string) => graph[url] ?? { static: [], lazy: [] }

  it('names each lazy module that imports what the page did not load first, once, with the page count', () => {
    const problems = lazyChunkProblems(
      [page('/', ['/assets/chunks/shared.js']), page('/aboutus', ['/assets/chunks/shared.js'])],
      importsOf,
    )
    expect(problems.map((p) => [p.page, p.file, p.message.split(',')[0]])).toEqual([
      [
        '/',
        'assets/chunks/toasts.js',
        'the lazily loaded /assets/chunks/toasts.js statically imports /assets/chunks/toast-lib.js',
      ],
      // Lazy modules of lazy modules count too.
      [
        '/',
        'assets/chunks/rules.js',
        'the lazily loaded /assets/chunks/rules.js statically imports /assets/chunks/yup.js',
      ],
    ])
    expect(problems[0]?.message).toMatch(/\(and on 1 more pages\)$/)
  })

  it('accepts a lazy module whose static imports the page loaded first', () => {
    const first = ['/assets/chunks/shared.js', '/assets/chunks/toast-lib.js', '/assets/chunks/yup.js']
    expect(lazyChunkProblems([page('/', first)], importsOf)).toEqual([])
  })
})
