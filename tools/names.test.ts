import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, sourceFiles } from './imports.mjs'

/**
 * Names that are a convention, where sharing the name is the point: the hooks Vike finds by their
 * name in a `+` file, and `register` in each file of cli/commands/ (cli/index.ts calls each one).
 */
function isConvention(file: string, name: string): boolean {
  if (/^pages\/(.+\/)?\+[^/]+$/.test(file)) return true
  return file.startsWith('cli/commands/') && name === 'register'
}

/** The functions a file declares at its top level: `function name` and `const name = (…) =>`. */
function topLevelFunctions(code: string): string[] {
  const found = code.matchAll(
    /^(?:export )?(?:async )?(?:function\*? ([A-Za-z0-9_$]+)|const ([A-Za-z0-9_$]+)(?:: [^=\n]+)? = (?:async )?(?:<[^>\n]+>)?(?:\([^)]*\)|[A-Za-z0-9_$]+)(?:: [^=\n]+)? =>)/gm,
  )
  return [...found].map((match) => match[1] ?? match[2] ?? '')
}

describe('every function has a name of its own', () => {
  it('no two files declare a top-level function of the same name (tests aside)', () => {
    const where = new Map<string, string[]>()
    for (const absolute of sourceFiles()) {
      const file = path.relative(ROOT, absolute).split(path.sep).join('/')
      if (/\.(test|spec)\.tsx?$/.test(file) || file.startsWith('tools/artwork/')) continue
      for (const name of topLevelFunctions(readFileSync(absolute, 'utf8')))
        if (!isConvention(file, name)) where.set(name, [...(where.get(name) ?? []), file])
    }
    const shared = [...where]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`)
    expect(shared).toEqual([])
  })

  it('reads function declarations and arrow functions, exported or not, and nothing nested', () => {
    const code = [
      'export async function load() {}',
      'function* walk(dir) {}',
      'const pick = (a: number) => a',
      'export const median = <T>(values: T[]): T => values[0]',
      'const later = async () => {}',
      'const value = 3',
      '  function inner() {}',
      '  const nested = () => 1',
    ].join('\n')
    expect(topLevelFunctions(code)).toEqual(['load', 'walk', 'pick', 'median', 'later'])
  })
})
