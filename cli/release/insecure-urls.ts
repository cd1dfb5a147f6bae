import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { walk } from '../../model/content/checks.ts'
import type { SourceFile } from '../../model/content/load.ts'

/**
 * Plain `http://` addresses in the content (map links, profiles, partner sites): a release serves
 * everything over https, and a browser warns on, or blocks, an insecure link from an https page. The
 * origins of the build itself are the origin check's (origins.ts).
 */
export function insecureUrlProblems(sources: readonly SourceFile[]): Problem[] {
  const problems: Problem[] = []
  for (const { file, yaml: text, located, shift } of sources) {
    if (!text.includes('http://')) continue
    walk(located.data, '', (value, pointer) => {
      if (!/^http:\/\//i.test(value) || pointer === '/siteUrl') return
      const at = located.locate(pointer)
      problems.push(
        problemAt(
          PROBLEMS.InsecureUrl,
          { value },
          { file, line: at.line + shift, col: at.col, path: pointer },
        ),
      )
    })
  }
  return problems
}
