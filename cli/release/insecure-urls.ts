import type { Problem } from '../../lib/errors.ts'
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
      problems.push({
        file,
        line: at.line + shift,
        col: at.col,
        path: pointer,
        code: 'insecure-url',
        message: `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}" is a plain http:// address.`,
        hint: `use the https:// address (${value.replace(/^http:/i, 'https:').slice(0, 60)}); every public site it could point at serves https.`,
      })
    })
  }
  return problems
}
