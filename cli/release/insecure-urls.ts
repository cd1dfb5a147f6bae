import type { Problem } from '../../lib/errors.ts'
import { PROBLEMS, problemAt } from '../../lib/problems.ts'
import { walk } from '../../model/content/checks.ts'
import { parseYaml } from '../../model/content/locate.ts'
import { contentSources } from './examples.ts'

/**
 * Plain `http://` addresses in the content (map links, profiles, partner sites): a release serves
 * everything over https, and a browser warns on, or blocks, an insecure link from an https page. The
 * origins of the build itself are the origin check's (origins.ts).
 */
export async function insecureUrlProblems(
  contentDir: string,
  projectRoot: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<Problem[]> {
  const problems: Problem[] = []
  for await (const { file, yaml: source, shift } of contentSources(contentDir, projectRoot, skip)) {
    if (!source.includes('http://')) continue
    const yaml = parseYaml(source)
    walk(yaml.data, '', (value, pointer) => {
      if (!/^http:\/\//i.test(value) || pointer === '/siteUrl') return
      const at = yaml.locate(pointer)
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
